import { clsx } from 'clsx'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { Checkbox } from './checkbox'

/** A column: its id (the server's sort key when sortable), header and cell. */
export type TableColumn<T> = {
  id: string
  header: React.ReactNode
  /** The header in words, shown before the value when the rows reflow as cards (defaults to a string header). */
  label?: string
  cell: (row: T) => React.ReactNode
  /** Its header becomes a button that asks the server for this order. */
  sortable?: boolean
  /** The first direction when this column is chosen (else ascending). */
  sortDescFirst?: boolean
}
/** The order the server sorted by: a column's id, and whether descending. */
export type TableSort = { id: string; desc: boolean }
/** The selected row ids (true when selected). */
export type TableSelection = Record<string, boolean>

/**
 * The one table of the app: dense and accessible, its rows reflowed as cards on a phone. It renders on the server
 * (a read-only list) as well as in the browser (selection, server-side sort): it holds no state of its own. Row
 * selection is optional and controlled (the parent owns the selection, e.g. to act on the selected rows); with
 * `onSortChange`, sortable columns' headers are buttons and their header cells carry aria-sort.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  getRowId,
  selection,
  onSelectionChange,
  selectAllLabel = 'Tout sélectionner',
  selectLabel,
  empty,
  maxHeight,
  sort,
  onSortChange,
  columnClassNames,
  region,
}: {
  caption: string
  columns: TableColumn<T>[]
  data: T[]
  getRowId: (row: T) => string
  selection?: TableSelection
  onSelectionChange?: (selection: TableSelection) => void
  /** The select-all checkbox's label. */
  selectAllLabel?: string
  /** A row checkbox's label (e.g. "Sélectionner Martin Léa"). */
  selectLabel?: (row: T) => string
  empty?: React.ReactNode
  maxHeight?: number
  sort?: TableSort
  onSortChange?: (sort: TableSort) => void
  /** Classes added to a column's header and cells, by column id (e.g. 'hidden md:table-cell' for a narrow screen). */
  columnClassNames?: Record<string, string>
  /**
   * A region named by the caption that the keyboard can reach and scroll, whether or not its rows hold a link (WCAG
   * 2.1.1; axe scrollable-region-focusable): for rows that arrive after the page, in a table that may scroll.
   */
  region?: boolean
}) {
  const selectable = !!selection && !!onSelectionChange
  const ids = data.map(getRowId)
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
  const width = columns.length + (selectable ? 1 : 0)
  return (
    <div
      {...(region ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
      className={clsx(
        'overflow-auto rounded-lg border border-slate-200 bg-white max-md:border-0 max-md:bg-transparent',
        region &&
          'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
      )}
      style={maxHeight ? { maxHeight } : undefined}
    >
      {/* .data-table (app/globals.css): the cells' look, and each row a card below 768 px (its header kept for readers). */}
      <table className="data-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700 max-md:sr-only">
          <tr>
            {selectable && (
              <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                <Checkbox
                  aria-label={selectAllLabel}
                  checked={allSelected}
                  indeterminate={selectedCount > 0 && !allSelected}
                  disabled={ids.length === 0}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => {
              const sortable = !!onSortChange && !!column.sortable
              const sorted = sort?.id === column.id ? (sort.desc ? 'desc' : 'asc') : false
              const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sortable ? ariaSort : undefined}
                  className={clsx('whitespace-nowrap px-3 py-2 font-semibold', columnClassNames?.[column.id])}
                >
                  {sortable ? (
                    <button
                      type="button"
                      // The same column again turns its order round; another starts with its first direction.
                      onClick={() =>
                        onSortChange({ id: column.id, desc: sorted ? sorted === 'asc' : !!column.sortDescFirst })
                      }
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:bg-slate-200"
                    >
                      {column.header}
                      <SortIcon sorted={sorted} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {data.length === 0 ? (
            <tr>
              <td colSpan={width} className="py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            data.map((row, i) => {
              const id = ids[i]!
              const selected = selectable && !!selection[id]
              return (
                <tr key={id} className={selected ? 'bg-brand-50' : undefined}>
                  {selectable && (
                    <td>
                      <Checkbox
                        aria-label={selectLabel ? selectLabel(row) : 'Sélectionner la ligne'}
                        checked={selected}
                        onChange={() => toggle(id)}
                      />
                    </td>
                  )}
                  {columns.map((column) => {
                    const content = column.cell(row)
                    const label = column.label ?? (typeof column.header === 'string' ? column.header : '')
                    // One box for the content: as a card, the cell is a flex line of two, its column's name and this.
                    return (
                      <td key={column.id} data-label={label || undefined} className={columnClassNames?.[column.id]}>
                        {content === null || content === undefined || content === '' ? null : <div>{content}</div>}
                      </td>
                    )
                  })}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

function SortIcon({ sorted }: { sorted: 'asc' | 'desc' | false }) {
  if (sorted === 'asc') return <ArrowUp aria-hidden size={14} />
  if (sorted === 'desc') return <ArrowDown aria-hidden size={14} />
  return <ArrowUpDown aria-hidden size={14} className="text-slate-400" />
}
