'use client'

import { clsx } from 'clsx'
import { Checkbox } from '@/components/ui/checkbox'
import type { ApplyRow } from '@/lib/applies/list-by-tab'

export type AppliesColumn = { id: string; header: React.ReactNode; cell: (row: ApplyRow) => React.ReactNode }
/** The selected apply ids (true when selected). */
export type AppliesSelection = Record<string, boolean>

/**
 * The table of an offer page's tab: server-paged rows, no client sorting, and a selection column when archiving is
 * allowed. A plain table rather than the TanStack one of the candidates dashboard: the offer page is a partner's
 * first screen, and its first-load JavaScript has a budget (160 kB gzip) that TanStack alone takes 13 kB of.
 * The markup is the DataTable's (components/ui/data-table.tsx), so both tables look and read the same.
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
  const selectable = !!selection && !!onSelectionChange
  const selected = selectable ? rows.filter((r) => selection[r.id]).length : 0
  const toggleAll = () => onSelectionChange?.(selected === rows.length ? {} : Object.fromEntries(rows.map((r) => [r.id, true])))
  const toggle = (id: string) => onSelectionChange?.({ ...selection, [id]: !selection?.[id] })
  return (
    // A region the keyboard can reach and scroll, whether or not its rows hold a link (WCAG 2.1.1; axe
    // scrollable-region-focusable): the rows now arrive after the page, and a wide table scrolls sideways on a phone.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      style={maxHeight ? { maxHeight } : undefined}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
          <tr>
            {selectable && (
              <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                <Checkbox
                  aria-label="Tout sélectionner"
                  checked={rows.length > 0 && selected === rows.length}
                  indeterminate={selected > 0 && selected < rows.length}
                  disabled={rows.length === 0}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => (
              <th key={column.id} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selectable ? 1 : 0)} className="px-3 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={clsx('border-t border-slate-100', selectable && selection[row.id] && 'bg-brand-50')}>
                {selectable && (
                  <td className="px-3 py-2 align-top">
                    <Checkbox
                      aria-label={`Sélectionner ${row.candidate.lastName} ${row.candidate.firstName}`}
                      checked={!!selection[row.id]}
                      onChange={() => toggle(row.id)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.id} className="px-3 py-2 align-top">
                    {column.cell(row)}
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
