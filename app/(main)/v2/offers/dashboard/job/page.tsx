import { UrlFilters } from '@/components/directory/url-filters'
import { jobOfferStatusTone } from '@/components/job-offers/status-badges'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { Pager } from '@/components/prescriptions/pager'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { formatDate } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { pageHref, params as urlParams, type SearchParams } from '@/lib/directory/params'
import {
  CONTRACT_TYPES,
  CONTRACT_VALUES,
  contractLabel,
  JOB_OFFER_STATUS_VALUES,
  JOB_OFFER_STATUSES,
} from '@/lib/job-offers/labels'
import { organisationPlaces } from '@/lib/job-offers/places'
import { JOB_OFFER_SORTS, jobOfferStatusCounts, listJobOffers } from '@/lib/job-offers/queries'
import { offerValidityLabel } from '@/lib/offers/validity-label'
import { jobOfferEnterprises } from '@/lib/enterprises/queries'
import { searchJobOfferEnterprisesAction } from '@/lib/job-offers/actions'
import { formatCount } from '@/lib/numbers'

export const generateMetadata = pageMetadata('jobOffers')

const PATH = '/v2/offers/dashboard/job'

/** The organisation's job offers — search, filters by contract, place, enterprise and status, sorts, 50 per page. */
export default async function JobOffersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  const sp = await searchParams
  const values = {
    q: urlParams.text(sp, 'q'),
    contract: urlParams.choice(sp, 'contract', CONTRACT_VALUES),
    place: urlParams.uuid(sp, 'place'),
    enterprise: urlParams.uuid(sp, 'enterprise'),
    status: urlParams.choice(sp, 'status', JOB_OFFER_STATUS_VALUES),
    sort: urlParams.choice(sp, 'sort', JOB_OFFER_SORTS),
  }
  const page = urlParams.page(sp)
  const db = getDb()
  // The chosen enterprise, named in the filter; one of another organisation or without offers (a stale or foreign
  // link) is dropped, as the FUP list drops such an offer.
  const [chosenEnterprise] = values.enterprise
    ? await jobOfferEnterprises(db, user.organisationId, { id: values.enterprise })
    : []
  values.enterprise = chosenEnterprise?.id ?? ''
  const [list, places, title] = await Promise.all([
    listJobOffers(
      db,
      user.organisationId,
      {
        search: values.q,
        contract: values.contract,
        placeId: values.place,
        enterpriseId: values.enterprise,
        status: values.status,
        sort: values.sort,
        page,
      },
      (f) => jobOfferStatusCounts(db, user.organisationId, f),
    ),
    organisationPlaces(db, user.organisationId),
    pageTitle('jobOffers'),
  ])
  const filtered = Object.entries(values).some(([k, v]) => k !== 'sort' && v)
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatCount(list.total, 'offre')} · ${formatCount(list.counts.open, 'ouverte')}, ${formatCount(list.counts.filled, 'pourvue')}, ${formatCount(list.counts.closed, 'fermée')}`}
      />
      <UrlFilters
        label="Filtrer les offres d’emploi"
        searchLabel="Rechercher une offre"
        placeholder="Intitulé ou code ROME"
        values={values}
        selects={[
          {
            name: 'contract',
            label: 'Contrat',
            options: [
              { value: '', label: 'Tous les contrats' },
              ...Object.entries(CONTRACT_TYPES).map(([value, label]) => ({ value, label })),
            ],
          },
          {
            name: 'place',
            label: 'Lieu',
            options: [{ value: '', label: 'Tous les lieux' }, ...places.map((p) => ({ value: p.id, label: p.label }))],
          },
          {
            name: 'enterprise',
            label: 'Entreprise',
            allLabel: 'Toutes les entreprises',
            empty: 'Aucune entreprise ayant des offres ne correspond.',
            chosen: chosenEnterprise ?? null,
            search: searchJobOfferEnterprisesAction,
          },
          {
            name: 'status',
            label: 'Statut',
            options: [
              { value: '', label: 'Tous les statuts' },
              ...Object.entries(JOB_OFFER_STATUSES).map(([value, label]) => ({ value, label })),
            ],
          },
          {
            name: 'sort',
            label: 'Trier par',
            options: [
              { value: '', label: 'Plus récentes' },
              { value: 'title', label: 'Intitulé' },
              { value: 'start', label: 'Date de début' },
            ],
          },
        ]}
      />
      {list.rows.length === 0 ? (
        filtered ? (
          <EmptyState title="Aucune offre ne correspond à ces filtres.">
            Modifiez la recherche ou réinitialisez les filtres.
          </EmptyState>
        ) : (
          <EmptyState title="Aucune offre d’emploi pour l’instant.">
            Créez les offres depuis la fiche de leur entreprise (menu Entreprises).
          </EmptyState>
        )
      ) : (
        <SimpleTable
          caption={title}
          headers={['Offre', 'Entreprise', 'Contrat', 'Lieu', 'Début', 'Postes pourvus', 'Statut', 'Validité']}
          rows={list.rows.map((r) => ({
            key: r.id,
            cells: [
              { href: `/v2/offer/${r.id}`, text: r.title },
              r.enterpriseName ?? '',
              contractLabel(r.contractType),
              r.place ?? '',
              formatDate(r.startDate),
              `${r.positionsFilled} / ${r.positions}`,
              { badge: jobOfferStatusTone(r.status), text: JOB_OFFER_STATUSES[r.status] },
              offerValidityLabel({ serviceStartDate: r.validFrom, serviceEndDate: r.validUntil }),
            ],
          }))}
        />
      )}
      <Pager
        page={list.page}
        total={list.total}
        href={(p) => pageHref(PATH, values, p)}
        label="Pages des offres d’emploi"
      />
    </>
  )
}
