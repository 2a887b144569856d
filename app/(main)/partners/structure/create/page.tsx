import { redirect } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { StructureForm } from '@/components/partners/structure-form'
import { requireOrganisationUser } from '@/lib/auth/session'
import { can, GUARD_REDIRECT } from '@/lib/permissions'

export const generateMetadata = pageMetadata('partnersCreate')

/** An administrator adds a partner structure, or links the one Passerelle already knows by its SIRET. */
export default async function PartnersCreatePage() {
  const user = await requireOrganisationUser()
  if (!can(user, 'partners.structure.modify')) redirect(GUARD_REDIRECT)
  return (
    <>
      <PageHeader
        title={await pageTitle('partnersCreate')}
        subtitle="Logement, mobilité, santé… les structures vers lesquelles vous orientez vos candidats."
      />
      <StructureForm />
    </>
  )
}
