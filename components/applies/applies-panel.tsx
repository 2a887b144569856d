'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataTable, type TableColumn, type TableSelection } from '@/components/ui/data-table'
import { ListFailure } from '@/components/ui/list-failure'
import type { FetchFailure } from '@/components/ui/fetch-json'
import { toast } from '@/components/ui/toast'
import { SUBMIT_DEADLINE_MS } from '@/components/ui/use-late'
import { listName } from '@/lib/person-name'
import type { ApplyRow } from '@/lib/prescriptions/offer-tab-rows'
import { PAGE_SIZE } from '@/lib/constants'

/**
 * One tab of the offer page: its count, the archive of the selected rows (when the user may), the table (greyed and
 * busy while another page is read; when the rows could not be read, why, with "Réessayer") and the pagination.
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
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* The count belongs to the rows shown: greyed with them while the next ones are read, gone when they failed. */}
        <p className={pending ? 'font-semibold opacity-50' : 'font-semibold'} aria-live="polite">
          {failure ? 'Liste indisponible' : heading}
        </p>
        {archive}
      </div>
      {/* From 1 024 px every column and its action in view (dense); below, each row a card. A failed read shows no rows
          (never the previous tab's or filters' under this heading): why, and "Réessayer", in the table. */}
      <DataTable
        caption={caption}
        columns={columns}
        data={failure ? [] : rows}
        getRowId={(row) => row.id}
        selection={selection?.value}
        onSelectionChange={selection?.onChange}
        selectLabel={(row) => `Sélectionner ${listName(row.candidate)}`}
        maxHeight={refusedList ? 900 : undefined}
        empty={
          failure ? (
            <ListFailure title="La liste n’a pas pu être chargée" error={failure.error} onRetry={onRetry} />
          ) : (
            empty
          )
        }
        cardsBelow="lg"
        dense
        busy={pending}
        // The refused list scrolls within its 900 px (WCAG 2.1.1).
        region
      />
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
        description={`Archiver ${ids.length > 1 ? `ces ${ids.length} dossiers` : 'ce dossier'}\u00a0? Ils n’apparaîtront plus sur la page de l’offre.`}
        confirmLabel="Archiver"
        onConfirm={archive}
        pending={archiving}
      />
    </>
  )
}
