import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listEnterprises } from '@/lib/organisation/queries'
import { buttonClass } from '@/components/ui/button'

export const generateMetadata = pageMetadata('enterprisesDashboard')

export default async function EnterprisesDashboardPage() {
  const user = await requireOrganisationUser()
  const rows = await listEnterprises(getDb(), user.organisationId)
  const title = await pageTitle('enterprisesDashboard')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
        actions={<Link href="/v2/enterprises/create" className={buttonClass('primary')}>Créer une entreprise</Link>}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucune entreprise enregistrée.">Ajoutez les entreprises avec lesquelles vous travaillez pour leur proposer des candidats.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Entreprise', 'SIRET', 'Adresse', 'Contact']} rows={rows.map((r) => ({ key: r.id, cells: [<Link key="n" href={`/v2/enterprise/${r.id}`}>{r.name}</Link>, r.siret ?? '', r.addressFormatted ?? '', r.contactName ?? ''] }))} />
      )}
    </>
  )
}
