import Link from '@/components/ui/link'
import { redirect } from 'next/navigation'
import { CandidatesDashboard } from '@/components/candidates/dashboard/candidates-dashboard'
import {
  dashboardQuery,
  hasFilters,
  hasSearchInUrl,
  parseDashboardParams,
  type SearchParams,
} from '@/components/candidates/dashboard/dashboard-params'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { requireOrganisationUser } from '@/lib/auth/session'
import { hasCandidates, listCandidatesPage, NO_REFERENT } from '@/lib/candidates/list-candidates'
import { now } from '@/lib/clock'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { formatCount } from '@/lib/numbers'
import { can } from '@/lib/permissions'
import { candidateSettings } from '@/lib/candidates/organisation-settings'
import { allowedReferentIds, referentFilterChoices } from '@/lib/candidates/referent-filter'
import { fullName } from '@/lib/person-name'
import { listTemplates } from '@/lib/sms/queries'

export const generateMetadata = pageMetadata('candidatesDashboard')

/**
 * The organisation's candidates, filtered, sorted and paged through the URL, with bulk actions. The search
 * text never goes into the URL: the page renders the list without it, and the dashboard fetches the searched pages
 * through POST /api/candidates/search.
 */
export default async function CandidatesDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  const title = await pageTitle('candidatesDashboard')
  const canModify = can(user, 'candidate.modify')
  const actions = canModify ? (
    <>
      <Link href="/v2/candidates/import" className={buttonClass('secondary')}>
        Importer
      </Link>
      <Link href="/v2/candidate/create" className={buttonClass('primary')}>
        Créer un candidat
      </Link>
    </>
  ) : undefined

  // This page is where the other guards send a user: it never redirects for a missing permission itself.
  if (!can(user, 'candidate.visualize')) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState title="Vous n’avez pas accès à la liste des candidats.">
          Demandez l’accès à un administrateur de votre organisation.
        </EmptyState>
      </>
    )
  }

  const query = await searchParams
  const asked = parseDashboardParams(query)
  // An old bookmark's search text: the same list without it, and out of the address bar and the history.
  if (hasSearchInUrl(query)) redirect(`/v2/candidates/dashboard${dashboardQuery(asked)}`)
  const db = getDb()
  // Spec §6 filters.authors: the "Référent" filter offers the organisation's staff, or the user alone; a referent id
  // outside those choices (a link made by a colleague) is dropped.
  const referents = await referentFilterChoices(db, user.organisationId, user, can(user, 'filters.authors'))
  const params = { ...asked, referentIds: allowedReferentIds(asked.referentIds, referents) }
  const canSms = can(user, 'candidate.sms.send')
  const [{ rows, total }, settings, templates] = await Promise.all([
    listCandidatesPage(db, user.organisationId, {
      placeIds: params.placeIds,
      statusIds: params.statusIds,
      referentIds: params.referentIds,
      placed: params.placed,
      invitationStates: params.invitationStates,
      at: now(),
      sort: params.sort,
      direction: params.dir,
      page: params.page,
    }),
    candidateSettings(getDb(), user.organisationId),
    canSms ? listTemplates(getDb(), user.organisationId) : [],
  ])
  // A page past the end (fewer candidates since the link was made): the last page.
  if (rows.length === 0 && total > 0 && params.page > 1) {
    redirect(`/v2/candidates/dashboard${dashboardQuery({ ...params, page: Math.ceil(total / PAGE_SIZE) })}`)
  }
  const filtered = hasFilters(params)
  const none = total === 0 && (!filtered || !(await hasCandidates(db, user.organisationId)))

  if (none) {
    return (
      <>
        <PageHeader
          title={title}
          subtitle={<span role="status">{formatCount(total, 'candidat')}</span>}
          actions={actions}
        />
        <EmptyState title="Aucun candidat pour l’instant.">
          {canModify ? (
            <>
              <p>Créez un candidat ou importez une liste pour commencer leur suivi.</p>
              <p className="mt-3 flex flex-wrap justify-center gap-2">
                <Link href="/v2/candidate/create" className={buttonClass('primary')}>
                  Créer un candidat
                </Link>
                <Link href="/v2/candidates/import" className={buttonClass('secondary')}>
                  Importer des candidats
                </Link>
              </p>
            </>
          ) : (
            <p>Les candidats de votre organisation apparaîtront ici.</p>
          )}
        </EmptyState>
      </>
    )
  }

  // The dashboard draws the header: its count follows the search typed in the page.
  return (
    <CandidatesDashboard
      title={title}
      actions={actions}
      rows={rows}
      total={total}
      params={params}
      permissions={{
        link: true,
        export: can(user, 'candidate.export'),
        modify: canModify,
        sms: canSms,
        registerToWorkshop: can(user, 'workshops.modify'),
      }}
      smsTemplates={templates.map((t) => ({ id: t.id, name: t.name, body: t.body }))}
      statuses={settings.statuses.map((s) => ({ value: s.id, label: s.label }))}
      options={{
        places: settings.places.map((p) => ({ value: p.id, label: p.label })),
        statuses: settings.statuses.map((s) => ({ value: s.id, label: s.label })),
        referents: [
          ...referents.map((r) => ({ value: r.id, label: fullName(r) })),
          { value: NO_REFERENT, label: 'Sans référent' },
        ],
      }}
    />
  )
}
