import { redirect } from 'next/navigation'
import { UrlFilters } from '@/components/directory/url-filters'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { indicatorCell } from '@/components/partners/response-indicator'
import { Pager } from '@/components/prescriptions/pager'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { pageHref, params as urlParams, type SearchParams } from '@/lib/directory/params'
import { listPartnerStructures } from '@/lib/partners/queries'
import { formatPhone } from '@/lib/phone'
import { formatNumber } from '@/lib/numbers'
import { can, isPartnerUser, partnerHome } from '@/lib/permissions'
import { listChallenges } from '@/lib/offers/challenges'

export const generateMetadata = pageMetadata('partnersDefault')

const PATH = '/partners/structure/default'

/** Spec §2: the partner structures page of non-partner users (a fullPartner is sent to its dashboard). */
export default async function PartnersDefaultPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  if (isPartnerUser(user)) redirect(partnerHome(user))
  const sp = await searchParams
  const values = { q: urlParams.text(sp, 'q'), challenge: urlParams.uuid(sp, 'challenge') }
  const page = urlParams.page(sp)
  const db = getDb()
  const [list, challenges, title] = await Promise.all([
    listPartnerStructures(db, user.organisationId, { search: values.q, challengeId: values.challenge || null, page }),
    listChallenges(getDb(), user.organisationId),
    pageTitle('partnersDefault'),
  ])
  const filtered = !!(values.q || values.challenge)
  const canModify = can(user, 'partners.structure.modify')
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${formatNumber(list.total)} structure${list.total > 1 ? 's' : ''}`}
        actions={
          canModify ? (
            <>
              <Link href="/partners/structure/import" className={buttonClass('secondary')}>
                Importer depuis data·inclusion
              </Link>
              <Link href="/partners/structure/create" className={buttonClass('primary')}>
                Ajouter une structure
              </Link>
            </>
          ) : undefined
        }
      />
      <UrlFilters
        label="Filtrer les structures"
        searchLabel="Rechercher une structure"
        placeholder="Nom ou SIRET"
        values={values}
        selects={[
          {
            name: 'challenge',
            label: 'Frein',
            options: [
              { value: '', label: 'Tous les freins' },
              ...challenges.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
        ]}
      />
      {list.rows.length === 0 ? (
        filtered ? (
          <EmptyState
            title="Aucune structure ne correspond à ces filtres."
            action={
              <Link href={PATH} className={buttonClass('secondary')}>
                Réinitialiser les filtres
              </Link>
            }
          >
            Modifiez la recherche ou réinitialisez les filtres.
          </EmptyState>
        ) : (
          <EmptyState
            title="Aucune structure partenaire."
            action={
              canModify && (
                <>
                  <Link href="/partners/structure/create" className={buttonClass('primary')}>
                    Ajouter une première structure
                  </Link>
                  <Link href="/partners/structure/import" className={buttonClass('secondary')}>
                    Importer depuis data·inclusion
                  </Link>
                </>
              )
            }
          >
            Ajoutez les structures (logement, mobilité, santé…) vers lesquelles vous orientez vos candidats.
          </EmptyState>
        )
      ) : (
        <SimpleTable
          caption={title}
          headers={['Structure', 'Adresse', 'Contact', 'Offres', 'Réactivité']}
          rows={list.rows.map((s) => ({
            key: s.id,
            cells: [
              { href: `/partners/structure/${s.id}`, text: s.name },
              s.addressFormatted ?? '',
              [s.phone ? formatPhone(s.phone) : null, s.email].filter(Boolean).join(' · '),
              s.offers,
              indicatorCell(s.indicator),
            ],
          }))}
        />
      )}
      <Pager page={list.page} total={list.total} href={(p) => pageHref(PATH, values, p)} label="Pages des structures" />
    </>
  )
}
