import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { StructureImport } from '@/components/partners/structure-import'
import { requireOrganisationUser } from '@/lib/auth/session'
import { can, GUARD_REDIRECT } from '@/lib/permissions'

export const metadata: Metadata = { title: 'Importer depuis data·inclusion' }

/**
 * An administrator (as for adding a structure) imports partner structures from a data·inclusion structures
 * file, then their services from a services file, each to its own structure. Reached from /partners/structure/default.
 */
export default async function StructureImportPage() {
  const user = await requireOrganisationUser()
  if (!can(user, 'partners.structure.modify')) redirect(GUARD_REDIRECT)
  return (
    <>
      <PageHeader
        title="Importer depuis data·inclusion"
        subtitle="Vos structures partenaires et leurs services, depuis un export ou une page de l’API data·inclusion."
      />
      <StructureImport servicesAllowed={can(user, 'candidate.socialboard.modify')} />
    </>
  )
}
