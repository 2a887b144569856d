'use client'

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type OnChangeFn } from '@tanstack/react-table'
import { clsx } from 'clsx'

/**
 * A dense, accessible table on TanStack Table. Row selection is optional and controlled
 * (the parent owns the selection, e.g. to archive the selected rows).
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
}: {
  caption: string
  columns: ColumnDef<T, unknown>[]
  data: T[]
  getRowId: (row: T) => string
  rowSelection?: RowSelectionState
  onRowSelectionChange?: OnChangeFn<RowSelectionState>
  empty?: React.ReactNode
  maxHeight?: number
}) {
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: !!onRowSelectionChange,
    state: rowSelection ? { rowSelection } : {},
    onRowSelectionChange,
  })
  return (
    <div className="overflow-auto rounded-lg border border-slate-200 bg-white" style={maxHeight ? { maxHeight } : undefined}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={clsx('border-t border-slate-100', row.getIsSelected() && 'bg-brand-50')}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
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
