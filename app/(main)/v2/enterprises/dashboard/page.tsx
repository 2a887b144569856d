import { UrlFilters } from '@/components/directory/url-filters'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { Pager } from '@/components/prescriptions/pager'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { pageHref, params as urlParams, type SearchParams } from '@/lib/directory/params'
import {
  ENTERPRISE_OFFER_FILTERS,
  ENTERPRISE_SORTS,
  enterpriseTotals,
  listEnterprises,
} from '@/lib/enterprises/queries'
import { formatCount, formatNumber } from '@/lib/numbers'
import { can } from '@/lib/permissions'
import { formatSiret } from '@/lib/siret'

export const generateMetadata = pageMetadata('enterprisesDashboard')

const PATH = '/v2/enterprises/dashboard'

/** The organisation's enterprises — search (2+ characters, 750 ms), filters, 50 per page, counts. */
export default async function EnterprisesDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  const sp = await searchParams
  const values = {
    q: urlParams.text(sp, 'q'),
    offers: urlParams.choice(sp, 'offers', ENTERPRISE_OFFER_FILTERS),
    sort: urlParams.choice(sp, 'sort', ENTERPRISE_SORTS),
  }
  const page = urlParams.page(sp)
  const [list, title] = await Promise.all([
    listEnterprises(
      getDb(),
      user.organisationId,
      { search: values.q, offers: values.offers, sort: values.sort, page },
      (f) => enterpriseTotals(getDb(), user.organisationId, f),
    ),
    pageTitle('enterprisesDashboard'),
  ])
  const filtered = !!(values.q || values.offers)
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatCount(list.total, 'entreprise')}, dont ${formatNumber(list.withOpenOffers)} avec une offre ouverte`}
        actions={
          can(user, 'enterprises.modify') ? (
            <Link href="/v2/enterprises/create" className={buttonClass('primary')}>
              Créer une entreprise
            </Link>
          ) : undefined
        }
      />
      <UrlFilters
        label="Filtrer les entreprises"
        searchLabel="Rechercher une entreprise"
        placeholder="Nom, SIRET ou adresse"
        values={values}
        selects={[
          {
            name: 'offers',
            label: 'Offres',
            options: [
              { value: '', label: 'Toutes les entreprises' },
              { value: 'open', label: 'Avec une offre ouverte' },
              { value: 'none', label: 'Sans offre' },
            ],
          },
          {
            name: 'sort',
            label: 'Trier par',
            options: [
              { value: '', label: 'Nom' },
              { value: 'recent', label: 'Ajout le plus récent' },
            ],
          },
        ]}
      />
      {list.rows.length === 0 ? (
        filtered ? (
          <EmptyState title="Aucune entreprise ne correspond à ces filtres.">
            Modifiez la recherche ou réinitialisez les filtres.
          </EmptyState>
        ) : (
          <EmptyState title="Aucune entreprise enregistrée.">
            Ajoutez les entreprises avec lesquelles vous travaillez pour leur proposer des candidats.
          </EmptyState>
        )
      ) : (
        <SimpleTable
          caption={title}
          headers={['Entreprise', 'SIRET', 'Adresse', 'Offres ouvertes', 'Offres', 'Embauches']}
          rows={list.rows.map((r) => ({
            key: r.id,
            cells: [
              <Link key="n" href={`/v2/enterprise/${r.id}`}>
                {r.name}
              </Link>,
              r.siret ? formatSiret(r.siret) : '',
              r.addressFormatted ?? '',
              r.openOffers,
              r.offers,
              r.hired,
            ],
          }))}
        />
      )}
      <Pager
        page={list.page}
        total={list.total}
        href={(p) => pageHref(PATH, values, p)}
        label="Pages des entreprises"
      />
    </>
  )
}
