'use client'

import { DataTable, type TableColumn, type TableSelection } from '@/components/ui/data-table'
import type { ApplyRow } from '@/lib/applies/list-by-tab'

export type AppliesColumn = TableColumn<ApplyRow>
/** The selected apply ids (true when selected). */
export type AppliesSelection = TableSelection

const selectLabel = (row: ApplyRow) => `Sélectionner ${row.candidate.lastName} ${row.candidate.firstName}`

/**
 * The table of an offer page's tab: server-paged rows, no client sorting, and a selection column when archiving is
 * allowed; a region the keyboard can reach and scroll (its rows arrive after the page, and a wide table scrolls
 * sideways on a phone).
 */
export function AppliesTable({
  caption,
  columns,
  rows,
  selection,
  onSelectionChange,
  maxHeight,
  empty,
}: {
  caption: string
  columns: AppliesColumn[]
  rows: ApplyRow[]
  selection?: AppliesSelection
  onSelectionChange?: (selection: AppliesSelection) => void
  maxHeight?: number
  empty: React.ReactNode
}) {
  return (
    <DataTable
      region
      caption={caption}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      selection={selection}
      onSelectionChange={onSelectionChange}
      selectLabel={selectLabel}
      maxHeight={maxHeight}
      empty={empty}
    />
  )
}
