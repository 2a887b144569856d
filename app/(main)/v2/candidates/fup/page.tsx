import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { FupFilters } from '@/components/prescriptions/fup-filters'
import { Pager } from '@/components/prescriptions/pager'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { EmptyState } from '@/components/ui/empty-state'
import { requireOrganisationUser, requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { formatCount } from '@/lib/numbers'
import { fupQuery, parseFupParams, type SearchParams } from '@/lib/prescriptions/page-params'
import { listFup, prescribedOffers } from '@/lib/prescriptions/referent-lists'

export const generateMetadata = pageMetadata('candidatesFup')

/**
 * The organisation's prescriptions and the partners' answers (a referent's own by default), 50 per page, filters in
 * the URL, applied as they change (components/prescriptions/fup-filters.tsx).
 */
export default async function CandidatesFupPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  // Candidates' names are listed: candidate.visualize, as on the sheet.
  await requirePagePermission('candidate.visualize')
  const asked = parseFupParams(await searchParams, user.role)
  const db = getDb()
  // The chosen offer, named in the filter; one the organisation never prescribed to (a stale or foreign link) is dropped.
  const [offer = null] = asked.offerId ? await prescribedOffers(db, user.organisationId, { id: asked.offerId }) : []
  const params = { ...asked, offerId: offer?.id ?? null }
  const result = await listFup(db, user.organisationId, {
    ...params,
    authorId: params.scope === 'mine' ? user.id : null,
  })
  const title = await pageTitle('candidatesFup')
  const filtered = !!(params.state || params.offerId || params.from || params.to)
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatCount(result.total, 'prescription')} ${params.scope === 'mine' ? 'que vous avez faites' : 'de votre organisation'}`}
      />
      <FupFilters params={params} offer={offer}>
        {result.rows.length === 0 ? (
          filtered ? (
            <EmptyState title="Aucune prescription ne correspond à ces filtres.">
              Modifiez les filtres ou réinitialisez-les.
            </EmptyState>
          ) : (
            <EmptyState title="Aucune prescription pour l’instant.">
              Prescrivez un candidat depuis l’annuaire des offres sociales ou depuis sa fiche.
            </EmptyState>
          )
        ) : (
          <PrescriptionsTable caption={title} rows={result.rows} />
        )}
        <Pager
          page={result.page}
          total={result.total}
          href={(page) => `/v2/candidates/fup${fupQuery({ ...params, page })}`}
          label="Pages des prescriptions"
        />
      </FupFilters>
    </>
  )
}
