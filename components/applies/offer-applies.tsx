'use client'

import { clsx } from 'clsx'
import { useCallback, useEffect, useId, useMemo, useRef, useState, useTransition } from 'react'
import { toast } from '@/components/ui/toast'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Tabs } from '@/components/ui/tabs'
import type { ApplyRow } from '@/lib/applies/list-by-tab'
import { offerPageQuery, type OfferPageParams } from '@/lib/applies/page-params'
import { APPLY_STATES, type ApplyCounts, type ApplyState } from '@/lib/applies/states'
import { PAGE_SIZE } from '@/lib/constants'
import { fillMessage } from '@/lib/fill-message'
import { loadApplyForDialog, type DialogApply } from '@/lib/applies/actions'
import { organisationAppliesAction } from '@/lib/applies/organisation-actions'
import { DataTable, type TableSelection } from '@/components/ui/data-table'
import { columnsFor, type ColumnOptions } from './apply-columns'
import { AppliesFilterBar, type FilterOptions } from './applies-filter-bar'
import dynamic from 'next/dynamic'
import type { FeedbackDefaults, LogoChoice } from './fup-dialog'
import { SUBMIT_DEADLINE_MS } from '@/components/ui/use-late'

// The completion dialog (and the form rules it ships) loads when a partner opens it, not with the page.
const FupDialog = dynamic(() => import('./fup-dialog').then((m) => m.FupDialog), { ssr: false })

export type AppliesPermissions = {
  filter: boolean
  archive: boolean
  operator: boolean
  complete: boolean
  candidateLink: boolean
}

/** The page's texts from messages/fr.json (applies.*), resolved on the server; the counts raw (`{count}` filled here). */
export type AppliesLabels = {
  tabs: Record<ApplyState, string>
  integratedCount: string
  refusedCount: string
  archive: string
  fupSent: string
  noFup: string
  manualPrescription: string
  prescriptionFile: string
}

// From the route handler, dates arrive as ISO strings; formatDate reads both. Until the first answer, no rows (and no
// counts when the page could not give them).
type Data = { rows: ApplyRow[] | null; counts: ApplyCounts | null }

/** The rows of a tab: the partner's from its route handler, an organisation's from its server action. */
async function fetchRows(source: 'partner' | 'organisation', offerId: string, body: object): Promise<Data | null> {
  if (source === 'organisation') {
    const result = await organisationAppliesAction(offerId, body).catch(() => null)
    return result?.ok ? { rows: result.rows, counts: result.counts } : null
  }
  const response = await fetch(`/api/offers/${offerId}/applies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null)
  return response?.ok ? ((await response.json()) as Data) : null
}

/**
 * The applications area of the offer page (spec §2): three tabs with counts, filters, tables, the FUP dialog and
 * archiving. The rows are read from /api/offers/{id}/applies once the page is shown (issue 16 §1: the page itself
 * only reads the tab counters), and again at each tab, filter, page or search change. For an organisation's user
 * (`source` 'organisation', issue 32 §2), the same tabs hold its own prescriptions, read-only, with an `action`
 * ('Prescrire') above them.
 */
export function OfferApplies({
  offerId,
  source,
  intro,
  action,
  initialCounts,
  initialParams,
  filterOptions,
  permissions,
  feedbackDefaults,
  logoChoices,
  labels,
}: {
  offerId: string
  source: 'partner' | 'organisation'
  intro?: string
  action?: React.ReactNode
  /** The tabs' counts without a filter, from the offer's counters; null when the URL carries filters. */
  initialCounts: ApplyCounts | null
  initialParams: OfferPageParams
  filterOptions: FilterOptions
  permissions: AppliesPermissions
  /** The partner's answer: the FUP dialog's defaults and the offer's sponsor logos. */
  feedbackDefaults?: FeedbackDefaults
  logoChoices?: LogoChoice[]
  labels: AppliesLabels
}) {
  const [params, setParams] = useState({
    tab: initialParams.tab,
    placeIds: initialParams.placeIds,
    statusValues: initialParams.statusValues,
    page: initialParams.page,
  })
  const [search, setSearch] = useState('')
  const [data, setData] = useState<Data>({ rows: null, counts: initialCounts })
  const [selection, setSelection] = useState<TableSelection>({})
  const [dialogApplyId, setDialogApplyId] = useState<string | null>(initialParams.socialApplyId)
  // The apply of the dialog, once loaded: an unknown one, or another structure's, says so and opens nothing.
  const [dialogApply, setDialogApply] = useState<DialogApply | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filtersId = useId()
  const [archiving, setArchiving] = useState(false)
  const [loading, startLoading] = useTransition()
  const request = useRef(0)

  const reload = useCallback(() => {
    const id = ++request.current
    startLoading(async () => {
      const result = await fetchRows(source, offerId, { ...params, search })
      if (id !== request.current) return
      if (!result) return void toast.error('La liste n’a pas pu être chargée. Réessayez dans un instant.')
      setData(result)
    })
  }, [source, offerId, params, search])

  // Filters, tab and page keep their state in the URL (never the search text: it may be a name).
  useEffect(() => {
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${offerPageQuery({ ...params, socialApplyId: dialogApplyId })}`,
    )
  }, [params, dialogApplyId])

  // Another apply asked for: the one loaded goes (and, when there is one to load, the last notice), while rendering.
  const [askedApplyId, setAskedApplyId] = useState(dialogApplyId)
  if (askedApplyId !== dialogApplyId) {
    setAskedApplyId(dialogApplyId)
    setDialogApply(null)
    if (dialogApplyId) setNotice(null)
  }
  useEffect(() => {
    if (!dialogApplyId) return
    let live = true
    loadApplyForDialog(dialogApplyId)
      .then((r) => {
        if (!live) return
        if (r.ok) return setDialogApply(r.apply)
        setNotice(r.error ?? labels.noFup)
        setDialogApplyId(null)
      })
      .catch(
        () =>
          live &&
          (setNotice('La prescription n’a pas pu être ouverte. Réessayez dans un instant.'), setDialogApplyId(null)),
      )
    return () => {
      live = false
    }
  }, [dialogApplyId, labels.noFup])

  useEffect(() => {
    reload()
    // `search` is applied by the filter bar (debounced) through `applySearch`, which triggers this effect via params.
  }, [params]) // eslint-disable-line react-hooks/exhaustive-deps

  const applySearch = useCallback((value: string) => {
    setSearch(value)
    setParams((p) => ({ ...p, page: 1 }))
  }, [])
  const changeTab = (tab: ApplyState) => {
    setSelection({})
    setParams((p) => ({ ...p, tab, page: 1 }))
  }

  const columnOptions: ColumnOptions = useMemo(
    () => ({
      ...permissions,
      prescriptionLabels: { manual: labels.manualPrescription, file: labels.prescriptionFile },
      onComplete: setDialogApplyId,
    }),
    [permissions, labels],
  )
  const columns = useMemo(() => columnsFor(params.tab, columnOptions), [params.tab, columnOptions])
  const selectedIds = Object.keys(selection).filter((id) => selection[id])
  const archivable = permissions.archive && params.tab !== 'PRESCRIPTION_FILLED'
  const total = data.counts?.[params.tab] ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  async function archive() {
    setArchiving(true)
    try {
      const response = await fetch('/api/social-applies/archive', {
        method: 'POST',
        signal: AbortSignal.timeout(SUBMIT_DEADLINE_MS),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: selectedIds }),
      })
      if (response.status === 204) {
        toast.success(selectedIds.length > 1 ? `${selectedIds.length} dossiers archivés.` : 'Dossier archivé.')
        setSelection({})
        setConfirmOpen(false)
        reload()
      } else {
        const body = (await response.json().catch(() => null)) as { error?: string } | null
        toast.error(body?.error ?? 'L’archivage a échoué. Réessayez dans un instant.')
      }
    } catch {
      toast.error('L’archivage a échoué. Vérifiez votre connexion et réessayez.')
    } finally {
      setArchiving(false)
    }
  }

  const header =
    params.tab === 'INTEGRATED_CANDIDATE'
      ? fillMessage(labels.integratedCount, { count: total })
      : params.tab === 'REFUSED_STRUCTURE'
        ? fillMessage(labels.refusedCount, { count: total })
        : `${total} ${total > 1 ? 'prescriptions en cours' : 'prescription en cours'}`

  const activeFilters = (search ? 1 : 0) + params.placeIds.length + params.statusValues.length
  const filtered = activeFilters > 0
  const emptyText = filtered
    ? 'Aucun candidat ne correspond à ces filtres.'
    : source === 'organisation'
      ? 'Aucune prescription de votre organisation dans cet onglet pour l’instant.'
      : 'Aucun candidat dans cet onglet pour l’instant.'
  const panel = (
    <div className="flex flex-col gap-3" aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold" aria-live="polite">
          {data.rows === null ? 'Chargement des candidatures…' : header}
        </p>
        {archivable && (
          <Button variant="secondary" disabled={selectedIds.length === 0} onClick={() => setConfirmOpen(true)}>
            {labels.archive}
            {selectedIds.length > 0 && ` (${selectedIds.length})`}
          </Button>
        )}
      </div>
      {/* From 1 024 px every column and its action in view (dense); below, each row a card (issue 32 §1). */}
      <DataTable
        caption={labels.tabs[params.tab]}
        columns={columns}
        data={data.rows ?? []}
        getRowId={(row) => row.id}
        selection={archivable ? selection : undefined}
        onSelectionChange={archivable ? setSelection : undefined}
        selectLabel={(row) => `Sélectionner ${row.candidate.lastName} ${row.candidate.firstName}`}
        maxHeight={params.tab === 'REFUSED_STRUCTURE' ? 900 : undefined}
        empty={data.rows === null ? 'Chargement…' : emptyText}
        cardsBelow="lg"
        dense
        // The rows arrive after the page; the refused list scrolls within its 900 px (WCAG 2.1.1).
        region
      />
      {pages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
          <span>
            {(params.page - 1) * PAGE_SIZE + 1}–{Math.min(params.page * PAGE_SIZE, total)} sur {total}
          </span>
          <Button
            variant="secondary"
            disabled={params.page <= 1}
            onClick={() => setParams((p) => ({ ...p, page: p.page - 1 }))}
          >
            Précédents
          </Button>
          <Button
            variant="secondary"
            disabled={params.page >= pages}
            onClick={() => setParams((p) => ({ ...p, page: p.page + 1 }))}
          >
            Suivants
          </Button>
        </nav>
      )}
    </div>
  )

  return (
    <section aria-label="Candidatures" className="min-w-0">
      {(intro || action) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          {intro && <p className="text-sm text-slate-700">{intro}</p>}
          {action}
        </div>
      )}
      {notice && (
        <div
          role="alert"
          className={clsx(
            'mb-3 flex items-start justify-between gap-3',
            'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900',
          )}
        >
          <p>{notice}</p>
          <button type="button" onClick={() => setNotice(null)} className="shrink-0 underline underline-offset-2">
            Fermer le message
          </button>
        </div>
      )}
      {permissions.filter && (
        <>
          {/* On a phone the filters fold away behind one button: the list comes first (issue 32 §1). */}
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
            className={buttonClass('secondary', 'mb-3 lg:hidden')}
          >
            {filtersOpen ? 'Masquer les filtres' : 'Filtrer la liste'}
            {activeFilters > 0 && ` (${activeFilters})`}
          </button>
          <div id={filtersId} className={clsx(!filtersOpen && 'hidden', 'lg:block')}>
            <AppliesFilterBar
              options={filterOptions}
              placeIds={params.placeIds}
              statusValues={params.statusValues}
              onSearch={applySearch}
              onChange={(f) => setParams((p) => ({ ...p, ...f, page: 1 }))}
              onReset={() => {
                setSearch('')
                setParams((p) => ({ ...p, placeIds: [], statusValues: [], page: 1 }))
              }}
            />
          </div>
        </>
      )}
      <Tabs
        label="Candidatures de l’offre"
        value={params.tab}
        onValueChange={changeTab}
        items={APPLY_STATES.map((state) => ({
          value: state,
          label: (
            <>
              {labels.tabs[state]}{' '}
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {data.counts ? data.counts[state] : '…'}
              </span>
            </>
          ),
          content: state === params.tab ? panel : null,
        }))}
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={labels.archive}
        description={`Archiver ${selectedIds.length > 1 ? `ces ${selectedIds.length} dossiers` : 'ce dossier'} ? Ils n’apparaîtront plus sur la page de l’offre.`}
        confirmLabel="Archiver"
        onConfirm={archive}
        pending={archiving}
      />
      {dialogApplyId && dialogApply?.id === dialogApplyId && feedbackDefaults && logoChoices && (
        <FupDialog
          applyId={dialogApplyId}
          apply={dialogApply}
          defaults={feedbackDefaults}
          logoChoices={logoChoices}
          onClose={() => setDialogApplyId(null)}
          onSent={(state) => {
            setDialogApplyId(null)
            toast.success(labels.fupSent)
            setSelection({})
            setParams((p) => ({ ...p, tab: state, page: 1 }))
          }}
        />
      )}
    </section>
  )
}
