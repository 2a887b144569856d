'use client'

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type OnChangeFn, type SortingState } from '@tanstack/react-table'
import { clsx } from 'clsx'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useHydrated, SERVER_ROWS } from './use-hydrated'

/**
 * A dense, accessible table on TanStack Table. Row selection is optional and controlled
 * (the parent owns the selection, e.g. to archive the selected rows). Sorting is optional and manual (the server
 * sorts): with `onSortingChange`, the headers of columns that have an accessor and do not set `enableSorting: false`
 * become buttons, and their header cell carries aria-sort.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  getRowId,
  rowSelection,
  onRowSelectionChange,
  empty,
  maxHeight,
  sorting,
  onSortingChange,
  columnClassNames,
}: {
  caption: string
  columns: ColumnDef<T, unknown>[]
  data: T[]
  getRowId: (row: T) => string
  rowSelection?: RowSelectionState
  onRowSelectionChange?: OnChangeFn<RowSelectionState>
  empty?: React.ReactNode
  maxHeight?: number
  sorting?: SortingState
  onSortingChange?: OnChangeFn<SortingState>
  /** Classes added to a column's header and cells, by column id (e.g. 'hidden md:table-cell' for a narrow screen). */
  columnClassNames?: Record<string, string>
}) {
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: !!onRowSelectionChange,
    state: { ...(rowSelection ? { rowSelection } : {}), ...(sorting ? { sorting } : {}) },
    onRowSelectionChange,
    manualSorting: true,
    enableSorting: !!onSortingChange,
    enableMultiSort: false,
    enableSortingRemoval: false,
    onSortingChange,
  })
  // The first rows in the server's HTML, the others rendered by the browser once hydrated (components/ui/use-hydrated.ts).
  const hydrated = useHydrated()
  const rows = hydrated ? table.getRowModel().rows : table.getRowModel().rows.slice(0, SERVER_ROWS)
  return (
    <div className="overflow-auto rounded-lg border border-slate-200 bg-white" style={maxHeight ? { maxHeight } : undefined}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = !header.isPlaceholder && header.column.getCanSort()
                const sorted = header.column.getIsSorted()
                const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    className={clsx('whitespace-nowrap px-3 py-2 font-semibold', columnClassNames?.[header.column.id])}
                  >
                    {sortable ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()} className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200">
                        {label}
                        {sorted === 'asc' ? <ArrowUp aria-hidden size={14} /> : sorted === 'desc' ? <ArrowDown aria-hidden size={14} /> : <ArrowUpDown aria-hidden size={14} className="text-slate-400" />}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={clsx('border-t border-slate-100', row.getIsSelected() && 'bg-brand-50')}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={clsx('px-3 py-2 align-top', columnClassNames?.[cell.column.id])}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
