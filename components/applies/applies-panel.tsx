'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataTable, type TableColumn, type TableSelection } from '@/components/ui/data-table'
import { FetchError } from '@/components/ui/fetch-error'
import type { FetchFailure } from '@/components/ui/fetch-json'
import { toast } from '@/components/ui/toast'
import { SUBMIT_DEADLINE_MS } from '@/components/ui/use-late'
import { listName } from '@/lib/person-name'
import type { ApplyRow } from '@/lib/prescriptions/offer-tab-rows'
import { PAGE_SIZE } from '@/lib/constants'

/**
 * One tab of the offer page: its count, the archive of the selected rows (when the user may), the table (or, when the
 * rows could not be read, why, with "Réessayer") and the pagination.
 */
export function AppliesPanel({
  heading,
  caption,
  rows,
  columns,
  empty,
  refusedList,
  selection,
  archive,
  pending,
  failure,
  onRetry,
  pagination,
}: {
  heading: string
  caption: string
  rows: ApplyRow[]
  columns: TableColumn<ApplyRow>[]
  empty: string
  /** The refused list scrolls within its 900 px. */
  refusedList: boolean
  /** The selection and the archive's button, where the user may archive this tab's rows. */
  selection?: { value: TableSelection; onChange: (s: TableSelection) => void }
  archive?: React.ReactNode
  pending: boolean
  failure: FetchFailure | null
  onRetry: () => void
  pagination: React.ReactNode
}) {
  return (
    <div className="flex flex-col gap-3" aria-busy={pending}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold" aria-live="polite">
          {heading}
        </p>
        {archive}
      </div>
      {failure ? (
        <FetchError error={failure.error} onRetry={failure.retryable ? onRetry : null} />
      ) : (
        // From 1 024 px every column and its action in view (dense); below, each row a card.
        <DataTable
          caption={caption}
          columns={columns}
          data={rows}
          getRowId={(row) => row.id}
          selection={selection?.value}
          onSelectionChange={selection?.onChange}
          selectLabel={(row) => `Sélectionner ${listName(row.candidate)}`}
          maxHeight={refusedList ? 900 : undefined}
          empty={empty}
          cardsBelow="lg"
          dense
          // The refused list scrolls within its 900 px (WCAG 2.1.1).
          region
        />
      )}
      {pagination}
    </div>
  )
}

/** "Précédents" / "Suivants" and where the page stands, when the tab holds more than one page. */
export function AppliesPagination({
  page,
  total,
  onPage,
}: {
  page: number
  total: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-3 text-sm">
      <span>
        {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, total)} sur {total}
      </span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Précédents
      </Button>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Suivants
      </Button>
    </nav>
  )
}

/** Archives the selected applies, once confirmed: the button with the count, and its confirmation. */
export function ArchiveSelected({ label, ids, onArchived }: { label: string; ids: string[]; onArchived: () => void }) {
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [archiving, setArchiving] = useState(false)

  async function archive() {
    setArchiving(true)
    try {
      const response = await fetch('/api/social-applies/archive', {
        method: 'POST',
        signal: AbortSignal.timeout(SUBMIT_DEADLINE_MS),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      })
      if (response.status === 204) {
        toast.success(ids.length > 1 ? `${ids.length} dossiers archivés.` : 'Dossier archivé.')
        setConfirmOpen(false)
        onArchived()
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

  return (
    <>
      <Button variant="secondary" disabled={ids.length === 0} onClick={() => setConfirmOpen(true)}>
        {label}
        {ids.length > 0 && ` (${ids.length})`}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={label}
        description={`Archiver ${ids.length > 1 ? `ces ${ids.length} dossiers` : 'ce dossier'} ? Ils n’apparaîtront plus sur la page de l’offre.`}
        confirmLabel="Archiver"
        onConfirm={archive}
        pending={archiving}
      />
    </>
  )
}
