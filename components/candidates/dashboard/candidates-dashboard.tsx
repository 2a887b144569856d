'use client'

import { useCallback, useEffect, useMemo, useOptimistic, useRef, useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { useHydrated } from '@/components/ui/use-hydrated'
import { ListFailure } from '@/components/ui/list-failure'
import { fetchJson } from '@/components/ui/fetch-json'
import { useLatestFetch } from '@/components/ui/use-latest-fetch'
import { Button } from '@/components/ui/button'
import { DataTable, type TableSelection, type TableSort } from '@/components/ui/data-table'
import type { Option } from '@/components/ui/multi-select'
import type { CandidateListRow, CandidateSort } from '@/lib/candidates/list-candidates'
import { PAGE_SIZE, SEARCH_MIN_LENGTH } from '@/lib/constants'
import { formatCount } from '@/lib/numbers'
import { BulkBar } from './bulk-bar'
import type { ComposerTemplate } from '@/components/sms/sms-composer'
import { candidateColumnClassNames, candidateColumns, candidateSelectLabel } from './columns'
import { dashboardQuery, hasFilters, type DashboardParams } from './dashboard-params'
import { CandidateFilterBar, type DashboardFilterOptions } from './filter-bar'
import { Pagination } from './pagination'

export type DashboardPermissions = {
  link: boolean
  export: boolean
  modify: boolean
  sms: boolean
  registerToWorkshop?: boolean
}

/**
 * Where the typed search is kept for the back and forward buttons: in this history entry's state (the browser's,
 * never sent anywhere), not in its URL.
 */
const HISTORY_KEY = 'passerelleCandidatesSearch'

type Found = { rows: CandidateListRow[]; total: number }
const NO_ROWS: Found = { rows: [], total: 0 }

const countLabel = (n: number, found: boolean) =>
  found ? formatCount(n, 'candidat trouvé', 'candidats trouvés') : formatCount(n, 'candidat')

/** The search kept in the current history entry, if any. */
function savedSearch(): string {
  const value: unknown = (window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY]
  return typeof value === 'string' && value.trim().length >= SEARCH_MIN_LENGTH ? value.trim().slice(0, 100) : ''
}

/**
 * The candidates dashboard: header with the count, filters, table, selection and paging.
 *
 * Filters, sort and page live in the URL: the server renders each of their states (`rows`, `total`). The search text
 * never does: while the box holds one (2+ characters), the rows come from POST /api/candidates/search under the same
 * filters, sort and page, and the search is kept in the history entry's state so that the back button brings it back.
 * The selection holds rows of the page shown: a new list keeps those it still shows.
 */
export function CandidatesDashboard({
  title,
  actions,
  rows,
  total,
  params,
  options,
  statuses,
  permissions,
  smsTemplates = [],
}: {
  title: string
  actions?: React.ReactNode
  rows: CandidateListRow[]
  total: number
  params: DashboardParams
  options: DashboardFilterOptions
  statuses: Option[]
  permissions: DashboardPermissions
  /** The organisation's SMS templates, for "Envoyer un SMS". */
  smsTemplates?: ComposerTemplate[]
}) {
  const router = useRouter()
  const pathname = usePathname()
  const [loading, startLoading] = useTransition()
  // The filters show their new value at once; the rows follow when the server has answered.
  const [shown, setShown] = useOptimistic(params)
  const [selection, setSelection] = useState<TableSelection>({})
  // The search applied ('' or 2+ characters, trimmed), and the last page the server found for it.
  const [search, setSearch] = useState('')
  // Bumped to fetch the searched page again (after a change of status).
  const [reload, setReload] = useState(0)

  const active = search.length >= SEARCH_MIN_LENGTH

  const navigate = useCallback(
    (next: DashboardParams, { replace = false } = {}) => {
      const url = `${pathname}${dashboardQuery(next)}`
      if (url === `${window.location.pathname}${window.location.search}`) return
      startLoading(() => {
        setShown(next)
        if (replace) router.replace(url, { scroll: false })
        else router.push(url, { scroll: false })
      })
    },
    [pathname, router, setShown],
  )

  // The searched page: fetched again whenever the search, a filter, the sort or the page changes (the last answer
  // stays on screen, busy, until the next one arrives; an answer overtaken by a newer request is dropped).
  const request = JSON.stringify([
    search,
    shown.placeIds,
    shown.statusIds,
    shown.referentIds,
    shown.sort,
    shown.dir,
    shown.page,
    reload,
    shown.placed,
    shown.invitationStates,
  ])
  const latest = useRef({ shown, navigate })
  useEffect(() => {
    latest.current = { shown, navigate }
  })
  const searched = useLatestFetch<Found>(active ? request : null, async (signal) => {
    const [, placeIds, statusIds, referentIds, sort, direction, page, , placed, invitationStates] = JSON.parse(
      request,
    ) as [string, string[], string[], string[], CandidateSort, 'asc' | 'desc', number, number, boolean, string[]]
    const answer = await fetchJson<Found>('/api/candidates/search', {
      method: 'POST',
      json: { search, placeIds, statusIds, referentIds, placed, invitationStates, sort, direction, page },
      signal,
      failed: 'La recherche n’a pas abouti. Réessayez dans un instant.',
    })
    if (!answer.ok) return answer
    const { rows, total } = answer.value
    // A page past the end (fewer matches than the page asked for): the last page.
    if (rows.length === 0 && total > 0 && page > 1)
      latest.current.navigate({ ...latest.current.shown, page: Math.ceil(total / PAGE_SIZE) }, { replace: true })
    // From JSON, the creation date arrives as an ISO string.
    return { ...answer, value: { rows: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })), total } }
  })
  const searching = searched.pending
  // A search that failed shows no list rather than another one (never the previous results under this query): "La
  // recherche a échoué", why, and "Réessayer" take the rows' place.
  const failure = active ? searched.failure : null
  const found = failure ? NO_ROWS : searched.value
  const shownRows = active && found ? found.rows : rows
  const shownTotal = active && found ? found.total : total

  // A new list keeps the selected rows it still shows (a search answered again, the same page refreshed), no others:
  // checked while rendering, against the list the selection was last checked with.
  const [selectionRows, setSelectionRows] = useState(shownRows)
  if (selectionRows !== shownRows) {
    setSelectionRows(shownRows)
    const ids = new Set(shownRows.map((r) => r.id))
    setSelection((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([id, on]) => on && ids.has(id)))
      return Object.keys(kept).length === Object.keys(current).length ? current : kept
    })
  }

  // Back and forward: the history entry keeps the search, restored once when the page comes back (in the browser, so
  // once hydrated, while rendering). Written after every render, since the router writes an entry's state afresh on
  // each navigation or refresh.
  const hydrated = useHydrated()
  const [restored, setRestored] = useState(false)
  if (hydrated && !restored) {
    setRestored(true)
    const saved = savedSearch()
    if (saved) setSearch(saved)
  }
  useEffect(() => {
    if (!restored) return
    const state: Record<string, unknown> = { ...(window.history.state as Record<string, unknown> | null) }
    if ((state[HISTORY_KEY] ?? '') === search) return
    if (search) state[HISTORY_KEY] = search
    else delete state[HISTORY_KEY]
    window.history.replaceState(state, '')
  })

  // Each change starts from what the screen shows, so that two quick changes both count.
  const onSearch = useCallback((value: string) => {
    setSearch(value.length >= SEARCH_MIN_LENGTH ? value : '')
    if (latest.current.shown.page !== 1)
      latest.current.navigate({ ...latest.current.shown, page: 1 }, { replace: true })
  }, [])
  const reset = () => {
    setSearch('')
    navigate({
      ...shown,
      placeIds: [],
      statusIds: [],
      referentIds: [],
      placed: false,
      invitationStates: [],
      page: 1,
    })
  }

  const sort: TableSort = { id: shown.sort, desc: shown.dir === 'desc' }
  const onSortChange = (next: TableSort) =>
    navigate({ ...shown, sort: next.id as CandidateSort, dir: next.desc ? 'desc' : 'asc', page: 1 })

  const selectable = permissions.export || permissions.modify || permissions.sms
  const columns = useMemo(() => candidateColumns({ linked: permissions.link }), [permissions.link])
  const selectedIds = Object.keys(selection).filter((id) => selection[id])
  const pages = Math.max(1, Math.ceil(shownTotal / PAGE_SIZE))
  const narrowed = active || hasFilters(shown)
  const busy = loading || searching

  return (
    <>
      <PageHeader
        title={title}
        // A polite live region: "Recherche en cours…" while the server searches, then the count found.
        subtitle={
          <span role="status">
            {searching ? 'Recherche en cours…' : failure ? 'La recherche a échoué.' : countLabel(shownTotal, narrowed)}
          </span>
        }
        actions={actions}
      />
      <section aria-label="Liste des candidats">
        <CandidateFilterBar
          options={options}
          search={search}
          filters={{
            placeIds: shown.placeIds,
            statusIds: shown.statusIds,
            referentIds: shown.referentIds,
            placed: shown.placed,
            invitationStates: shown.invitationStates,
          }}
          onSearch={onSearch}
          onChange={(f) => navigate({ ...shown, ...f, page: 1 })}
          onReset={reset}
        />
        <BulkBar
          ids={selectedIds}
          statuses={statuses}
          canExport={permissions.export}
          canModify={permissions.modify}
          canRegister={!!permissions.registerToWorkshop}
          smsTemplates={permissions.sms ? smsTemplates : null}
          onClear={() => setSelection({})}
          onStatusChanged={() => {
            setSelection({})
            startLoading(() => router.refresh())
            if (active) setReload((n) => n + 1)
          }}
        />
        <DataTable
          busy={busy}
          caption={`Candidats de l’organisation, triés par ${SORT_LABELS[shown.sort]}, page ${shown.page} sur ${pages}`}
          columns={columns}
          columnClassNames={candidateColumnClassNames}
          data={shownRows}
          getRowId={(r) => r.id}
          selection={selectable ? selection : undefined}
          onSelectionChange={selectable ? setSelection : undefined}
          selectAllLabel="Sélectionner tous les candidats de la page"
          selectLabel={candidateSelectLabel}
          sort={sort}
          onSortChange={onSortChange}
          empty={
            failure ? (
              <ListFailure error={failure.error} onRetry={searched.retry} />
            ) : (
              <div className="flex flex-col items-center gap-2">
                <p className="font-medium text-slate-800">Aucun candidat ne correspond à ces critères.</p>
                {narrowed && (
                  <Button variant="secondary" onClick={reset}>
                    Réinitialiser les filtres
                  </Button>
                )}
              </div>
            )
          }
        />
        <Pagination page={shown.page} pages={pages} onPage={(page) => navigate({ ...shown, page })} disabled={busy} />
      </section>
    </>
  )
}

const SORT_LABELS: Record<CandidateSort, string> = {
  name: 'nom',
  created: 'date de création',
  place: 'résidence',
  status: 'statut',
}
