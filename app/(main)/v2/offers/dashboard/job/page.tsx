import Link from '@/components/ui/link'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listJobOffers } from '@/lib/offers/queries'
import { formatDate } from '@/lib/dates'

export const generateMetadata = pageMetadata('jobOffers')

export default async function JobOffersPage() {
  const user = await requireOrganisationUser()
  const rows = await listJobOffers(getDb(), user.organisationId)
  const title = await pageTitle('jobOffers')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${rows.length.toLocaleString('fr-FR')} au total`}
      />
      {rows.length === 0 ? (
        <EmptyState title="Aucune offre d’emploi pour l’instant.">Les offres d’emploi de vos entreprises partenaires apparaîtront ici.</EmptyState>
      ) : (
        <SimpleTable caption={title} headers={['Offre', 'Contrat', 'Lieu', 'Début']} rows={rows.map((r) => ({ key: r.id, cells: [<Link key="n" href={`/v2/offer/${r.id}`}>{r.title}</Link>, r.contractType ?? '', r.addressFormatted ?? '', formatDate(r.startDate)] }))} />
      )}
    </>
  )
}
