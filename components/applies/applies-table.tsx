'use client'

import { clsx } from 'clsx'
import { Checkbox } from '@/components/ui/checkbox'
import type { ApplyRow } from '@/lib/applies/list-by-tab'

/** A column of an offer page's tab: its id, header and cell; `nowrap` for dates, phones and the action. */
export type AppliesColumn = {
  id: string
  header: React.ReactNode
  cell: (row: ApplyRow) => React.ReactNode
  nowrap?: boolean
}
/** The selected apply ids (true when selected). */
export type AppliesSelection = Record<string, boolean>

const selectLabel = (row: ApplyRow) => `Sélectionner ${row.candidate.lastName} ${row.candidate.firstName}`

/**
 * The list of an offer page's tab (issue 32 §1). From 1 024 px up, a compact table whose every column and action fit
 * its box: headers and text wrap, only dates, phones and buttons keep to one line. Below, each row is a card (the
 * candidate, its status, its action; the other columns behind "Détails"), so nothing hides past the right edge.
 * Server-paged rows, no client sorting; the selection (archiving) is the parent's.
 */
export function AppliesTable({
  caption,
  columns,
  card,
  rows,
  selection,
  onSelectionChange,
  maxHeight,
  empty,
}: {
  caption: string
  columns: AppliesColumn[]
  /** A row as a card, for narrow screens. */
  card: (row: ApplyRow, select: React.ReactNode) => React.ReactNode
  rows: ApplyRow[]
  selection?: AppliesSelection
  onSelectionChange?: (selection: AppliesSelection) => void
  maxHeight?: number
  empty: React.ReactNode
}) {
  const selectable = !!selection && !!onSelectionChange
  const ids = rows.map((r) => r.id)
  const selectedCount = selectable ? ids.filter((id) => selection[id]).length : 0
  const allSelected = ids.length > 0 && selectedCount === ids.length
  const toggleAll = () => onSelectionChange?.(allSelected ? {} : Object.fromEntries(ids.map((id) => [id, true])))
  const toggle = (id: string) => {
    if (!selection || !onSelectionChange) return
    const next = { ...selection }
    if (next[id]) delete next[id]
    else next[id] = true
    onSelectionChange(next)
  }
  const selectAll = selectable && (
    <Checkbox
      aria-label="Tout sélectionner"
      checked={allSelected}
      indeterminate={selectedCount > 0 && !allSelected}
      disabled={ids.length === 0}
      onChange={toggleAll}
    />
  )
  const selectRow = (row: ApplyRow) =>
    selectable && (
      <Checkbox aria-label={selectLabel(row)} checked={!!selection[row.id]} onChange={() => toggle(row.id)} />
    )
  const scroll = maxHeight ? { maxHeight } : undefined
  return (
    <>
      <div
        role="region"
        aria-label={caption}
        // Reachable by the keyboard: the refused list scrolls within its 900 px (WCAG 2.1.1).
        tabIndex={0}
        className={clsx(
          'hidden overflow-y-auto rounded-lg border border-slate-200 bg-white lg:block',
          'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
        )}
        style={scroll}
      >
        <table className="w-full text-left text-[13px] leading-5">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
            <tr>
              {selectable && (
                <th scope="col" className="w-8 px-1.5 py-2 align-bottom">
                  {selectAll}
                </th>
              )}
              {columns.map((column) => (
                <th key={column.id} scope="col" className="px-1.5 py-2 align-bottom text-xs font-semibold">
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
                <tr
                  key={row.id}
                  className={clsx('border-t border-slate-100', selectable && selection[row.id] && 'bg-brand-50')}
                >
                  {selectable && <td className="px-1.5 py-2 align-top">{selectRow(row)}</td>}
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={clsx('break-words px-1.5 py-2 align-top', column.nowrap && 'whitespace-nowrap')}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="lg:hidden">
        {selectable && rows.length > 0 && (
          <label className="mb-2 flex items-center gap-2 text-sm">{selectAll} Tout sélectionner</label>
        )}
        {rows.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white px-3 py-6 text-center text-sm text-slate-600">
            {empty}
          </p>
        ) : (
          <ul aria-label={caption} className="flex flex-col gap-2">
            {rows.map((row) => (
              <li
                key={row.id}
                className={clsx(
                  'rounded-lg border border-slate-200 bg-white p-3',
                  selectable && selection[row.id] && 'bg-brand-50',
                )}
              >
                {card(row, selectRow(row))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
