import { DirectoryFilters } from '@/components/offers/directory/directory-filters'
import { OfferCards } from '@/components/offers/directory/offer-cards'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { Pager } from '@/components/prescriptions/pager'
import { EmptyState } from '@/components/ui/empty-state'
import { requireUser } from '@/lib/auth/session'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { listDirectoryOffers, placeLabel, type DirectoryViewer } from '@/lib/offers/directory'
import { offerValidityLabel } from '@/lib/offers/validity-label'
import { directoryQuery, parseDirectoryParams, type SearchParams } from '@/lib/offers/directory-params'
import { formatCount } from '@/lib/numbers'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { now as clockNow } from '@/lib/clock'

export const generateMetadata = pageMetadata('socialOffers')

/**
 * The social offers directory. An organisation user sees the offers the organisation may prescribe to (its partner
 * structures' and the shared ones), expired ones included but not prescribable; a partner sees its own offers.
 */
export default async function SocialOffersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser()
  const db = getDb()
  const params = parseDirectoryParams(await searchParams)
  const viewer: DirectoryViewer | null = user.organisationId
    ? { organisationId: user.organisationId }
    : user.structureId
      ? { structureId: user.structureId }
      : null
  const title = await pageTitle('socialOffers')
  if (!viewer) return <PageHeader title={title} subtitle="Aucune offre sociale pour votre compte." />

  const [result, prescriber] = await Promise.all([
    listDirectoryOffers(db, viewer, params),
    mayPrescribe(user) ? prescriberDefaults(db, user.id, user.organisationId) : null,
  ])
  const filtered = !!(
    params.search.trim().length >= 2 ||
    params.challengeIds.length ||
    params.financingModes.length ||
    params.places.length
  )
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatCount(result.total, 'offre')}${filtered ? ' correspondant aux filtres' : ''}`}
      />
      <DirectoryFilters params={params} options={result.options} />
      {result.offers.length === 0 ? (
        filtered ? (
          <EmptyState title="Aucune offre ne correspond à ces filtres.">
            Modifiez la recherche ou réinitialisez les filtres.
          </EmptyState>
        ) : (
          <EmptyState title="Aucune offre sociale pour l’instant.">
            Les offres publiées par les structures partenaires de votre organisation apparaîtront ici.
          </EmptyState>
        )
      ) : (
        <OfferCards
          offers={result.offers.map((o) => ({
            id: o.id,
            name: o.name,
            providerName: o.providerName,
            place: o.place ? placeLabel(o.place) : null,
            validity: offerValidityLabel(o),
            challenges: o.challenges,
            financingModes: o.financingModes,
            expired: o.expired,
          }))}
          prescriber={prescriber}
          today={parisToday(clockNow())}
        />
      )}
      <Pager
        page={result.page}
        total={result.total}
        href={(page) => `/v2/offers/dashboard/social${directoryQuery({ ...params, page })}`}
        label="Pages des offres"
      />
    </>
  )
}
