import Link from '@/components/ui/link'
import { redirect } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listPartnerStructures } from '@/lib/partners/queries'
import { partnerHome } from '@/lib/permissions'

export const generateMetadata = pageMetadata('partnersDefault')

/** Spec §2: the partner structures page of non-partner users (a fullPartner is sent to its dashboard). */
export default async function PartnersDefaultPage() {
  const user = await requireOrganisationUser()
  if (user.role === 'fullPartner') redirect(partnerHome(user))
  const rows = await listPartnerStructures(getDb(), user.organisationId)
  const title = await pageTitle('partnersDefault')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length} structure${rows.length > 1 ? 's' : ''}`}
        actions={<Link href="/partners/structure/create" className={buttonClass('primary')}>Ajouter une structure</Link>}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucune structure partenaire.">Ajoutez les structures (logement, mobilité, santé…) vers lesquelles vous orientez vos candidats.</EmptyState>
      ) : (
        <SimpleTable
          caption={title}
          headers={['Structure', 'Adresse', 'Téléphone', 'Email']}
          rows={rows.map((s) => ({ key: s.id, cells: [<Link key="n" href={`/partners/structure/${s.id}`}>{s.name}</Link>, s.addressFormatted ?? '', s.phone ?? '', s.email ?? ''] }))}
        />
      )}
    </>
  )
}
