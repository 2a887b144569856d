'use client'

import { clsx } from 'clsx'
import { lazy, Suspense, useId, useMemo, useState } from 'react'
import { buttonClass } from '@/components/ui/button'
import type { TableSelection } from '@/components/ui/data-table'
import { Tabs } from '@/components/ui/tabs'
import { toast } from '@/components/ui/toast'
import type { OfferPageParams } from '@/lib/prescriptions/page-params'
import { APPLY_STATES, type ApplyState } from '@/lib/prescriptions/states'
import { fillMessage } from '@/lib/fill-message'
import { AppliesPagination, AppliesPanel, ArchiveSelected } from './applies-panel'
import { AppliesFilterBar, type FilterOptions } from './applies-filter-bar'
import { columnsFor } from './apply-columns'
import type { FeedbackDefaults, LogoChoice } from './fup-dialog'
import { useDialogApply } from './use-dialog-apply'
import { useOfferApplies, type AppliesPage, type AppliesSource } from './use-offer-applies'

// The completion dialog (and the form rules it ships) loads when a partner opens it, not with the page; React's lazy()
// as for the prescription dialog (components/prescriptions/prescribe-button.tsx): it mounts after a click only.
const FupDialog = lazy(() => import('./fup-dialog').then((m) => ({ default: m.FupDialog })))

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

type Props = {
  offerId: string
  source: AppliesSource
  intro?: string
  action?: React.ReactNode
  /** The first page of the URL's tab under the URL's filters, with the tabs' counts, read by the page. */
  initial: AppliesPage
  initialParams: OfferPageParams
  filterOptions: FilterOptions
  permissions: AppliesPermissions
  /** The partner's answer: the FUP dialog's defaults and the offer's sponsor logos. */
  feedbackDefaults?: FeedbackDefaults
  logoChoices?: LogoChoice[]
  labels: AppliesLabels
}

/** "3 candidat(s) intégré(s)", "1 prescription en cours"… */
function tabHeading(tab: ApplyState, total: number, labels: AppliesLabels) {
  if (tab === 'INTEGRATED_CANDIDATE') return fillMessage(labels.integratedCount, { count: total })
  if (tab === 'REFUSED_STRUCTURE') return fillMessage(labels.refusedCount, { count: total })
  return `${total} ${total > 1 ? 'prescriptions en cours' : 'prescription en cours'}`
}

/**
 * The applications area of the offer page (spec §2): three tabs with counts, filters, tables, the FUP dialog and
 * archiving. The page renders the first rows; each tab, filter, page or search change reads them again. For an
 * organisation's user (`source` 'organisation'), the same tabs hold its own prescriptions, read-only, with an
 * `action` ('Prescrire') above them.
 */
export function OfferApplies(props: Props) {
  const { intro, action, permissions, labels } = props
  const dialog = useDialogApply(props.initialParams.socialApplyId, labels.noFup)
  const list = useOfferApplies({ ...props, socialApplyId: dialog.applyId })
  const [selection, setSelection] = useState<TableSelection>({})
  const { query, data } = list
  const panel = (
    <TabPanel {...props} list={list} selection={selection} onSelection={setSelection} onComplete={dialog.open} />
  )

  return (
    <section aria-label="Candidatures" className="min-w-0">
      {(intro || action) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          {intro && <p className="text-sm text-slate-700">{intro}</p>}
          {action}
        </div>
      )}
      {dialog.notice && <Notice text={dialog.notice} onDismiss={dialog.dismissNotice} />}
      {permissions.filter && (
        <FoldingFilters activeFilters={list.activeFilters}>
          <AppliesFilterBar
            options={props.filterOptions}
            placeIds={query.placeIds}
            statusValues={query.statusValues}
            onSearch={list.applySearch}
            onChange={list.change}
            onReset={list.reset}
          />
        </FoldingFilters>
      )}
      <Tabs
        label="Candidatures de l’offre"
        value={query.tab}
        onValueChange={(tab) => {
          setSelection({})
          list.change({ tab })
        }}
        items={APPLY_STATES.map((state) => ({
          value: state,
          label: (
            <>
              {labels.tabs[state]} {/* A failed read shows no count: the last one received may not be this query's. */}
              {!list.failure && (
                <span
                  className={clsx(
                    'ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800',
                    list.pending && 'opacity-50',
                  )}
                >
                  {data.counts[state]}
                </span>
              )}
            </>
          ),
          content: state === query.tab ? panel : null,
        }))}
      />
      {dialog.applyId && dialog.apply && props.feedbackDefaults && props.logoChoices && (
        <Suspense fallback={null}>
          <FupDialog
            applyId={dialog.applyId}
            apply={dialog.apply}
            defaults={props.feedbackDefaults}
            logoChoices={props.logoChoices}
            onClose={dialog.close}
            onSent={(state) => {
              dialog.close()
              toast.success(labels.fupSent)
              setSelection({})
              list.change({ tab: state })
              list.reload()
            }}
          />
        </Suspense>
      )}
    </section>
  )
}

type TabPanelProps = Props & {
  list: ReturnType<typeof useOfferApplies>
  selection: TableSelection
  onSelection: (selection: TableSelection) => void
  onComplete: (applyId: string) => void
}

/** The selected tab: its count, its table (columns of the tab, selection where the user may archive), its pages. */
function TabPanel({ list, source, permissions, labels, selection, onSelection, onComplete }: TabPanelProps) {
  const { query, data } = list
  const columns = useMemo(
    () =>
      columnsFor(query.tab, {
        ...permissions,
        prescriptionLabels: { manual: labels.manualPrescription, file: labels.prescriptionFile },
        onComplete,
      }),
    [query.tab, permissions, labels, onComplete],
  )
  const selectedIds = Object.keys(selection).filter((id) => selection[id])
  const archivable = permissions.archive && query.tab !== 'PRESCRIPTION_FILLED'
  const total = data.counts[query.tab]
  const empty =
    list.activeFilters > 0
      ? 'Aucun candidat ne correspond à ces filtres.'
      : source === 'organisation'
        ? 'Aucune prescription de votre organisation dans cet onglet pour l’instant.'
        : 'Aucun candidat dans cet onglet pour l’instant.'
  const archived = () => {
    onSelection({})
    list.reload()
  }
  return (
    <AppliesPanel
      heading={tabHeading(query.tab, total, labels)}
      caption={labels.tabs[query.tab]}
      rows={data.rows}
      columns={columns}
      empty={empty}
      refusedList={query.tab === 'REFUSED_STRUCTURE'}
      selection={archivable ? { value: selection, onChange: onSelection } : undefined}
      archive={archivable && <ArchiveSelected label={labels.archive} ids={selectedIds} onArchived={archived} />}
      pending={list.pending}
      failure={list.failure}
      onRetry={list.retry}
      pagination={<AppliesPagination page={query.page} total={total} onPage={(page) => list.change({ page })} />}
    />
  )
}

/** A notice about the dialog's apply (not found, another structure's), until dismissed. */
function Notice({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className={clsx(
        'mb-3 flex items-start justify-between gap-3',
        'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900',
      )}
    >
      <p>{text}</p>
      <button type="button" onClick={onDismiss} className="shrink-0 underline underline-offset-2">
        Fermer le message
      </button>
    </div>
  )
}

/** On a phone the filters fold away behind one button: the list comes first. */
function FoldingFilters({ activeFilters, children }: { activeFilters: number; children: React.ReactNode }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass('secondary', 'mb-3 lg:hidden')}
      >
        {open ? 'Masquer les filtres' : 'Filtrer la liste'}
        {activeFilters > 0 && ` (${activeFilters})`}
      </button>
      <div id={id} className={clsx(!open && 'hidden', 'lg:block')}>
        {children}
      </div>
    </>
  )
}
