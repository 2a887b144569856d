import { clsx } from 'clsx'
import { Icon } from '@/components/ui/icon'
import { Fragment, isValidElement, useId } from 'react'
import { EMPTY_VALUE } from '@/lib/format'
import { Checkbox } from './checkbox'
import { RowDetails } from './row-details'

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
  /**
   * Its place when the rows are cards: 'title', the card's first line, without its column's name (beside the row's
   * checkbox); 'details', folded with the other such cells behind the row's "Détails" (a compact card).
   */
  card?: 'title' | 'details'
}
/**
 * A finger's target on a touch screen or a phone (WCAG 2.5.5: 44 × 44 px): a row's primary action, a row's checkbox
 * through its label. Dense with a mouse on a wide screen.
 */
export const TOUCH_TARGET = 'pointer-coarse:min-h-11 pointer-coarse:min-w-11 max-sm:min-h-11 max-sm:min-w-11'

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
  cardsBelow = 'md',
  dense,
  busy,
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
  /** Below which width the rows are cards: 768 px, or 1 024 px for a table of many columns beside a sidebar. */
  cardsBelow?: 'md' | 'lg'
  /** Smaller type and padding (app/globals.css .data-table-dense), for many columns in a narrow box. */
  dense?: boolean
  /** Another list is being read: these rows are greyed and the table says it is busy, until it arrives. */
  busy?: boolean
}) {
  const uid = useId()
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
  const title = columns.find((column) => column.card === 'title')
  const details = columns.filter((column) => column.card === 'details')
  const labelOf = (column: TableColumn<T>) => column.label ?? (typeof column.header === 'string' ? column.header : '')
  return (
    <div
      {...(region ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
      className={clsx(
        // .data-table-lg: the rows are cards below 1 024 px (the `cards` variant of app/globals.css).
        cardsBelow === 'lg' && 'data-table-lg',
        'overflow-auto rounded-lg border border-slate-200 bg-white cards:border-0 cards:bg-transparent',
        region &&
          'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
      )}
      style={maxHeight ? { maxHeight } : undefined}
    >
      {/* .data-table (app/globals.css): the cells' look, and each row a card below a width (its header kept for readers). */}
      <table
        aria-busy={busy}
        className={clsx(
          'data-table w-full text-left',
          dense ? 'data-table-dense' : 'text-sm',
          busy && '[&>tbody]:opacity-50 [&>tbody]:transition-opacity',
        )}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700 cards:static cards:block cards:bg-transparent">
          <tr className="cards:block">
            {selectable && (
              // As cards, the select-all box stays in view, with its label written out.
              <th scope="col" className={clsx(headerCell(dense), 'cards:block cards:px-1 cards:pb-2 cards:pt-0')}>
                <label className={clsx('inline-flex items-center gap-2 font-normal', TOUCH_TARGET)}>
                  <Checkbox
                    aria-label={selectAllLabel}
                    checked={allSelected}
                    indeterminate={selectedCount > 0 && !allSelected}
                    disabled={ids.length === 0}
                    onChange={toggleAll}
                  />
                  <span aria-hidden className="hidden cards:inline">
                    {selectAllLabel}
                  </span>
                </label>
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
                  className={clsx(headerCell(dense), 'cards:sr-only', columnClassNames?.[column.id])}
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
              const titleId = title && `${uid}-${i}`
              return (
                <tr key={id} {...(selected ? { className: 'bg-brand-50' } : {})}>
                  {selectable && (
                    <td data-select="">
                      {/* The label is the target: a finger's size on a touch screen. */}
                      <label className={clsx('-m-1 inline-flex items-center justify-center p-1', TOUCH_TARGET)}>
                        <Checkbox
                          aria-label={selectLabel ? selectLabel(row) : 'Sélectionner la ligne'}
                          checked={selected}
                          onChange={() => toggle(id)}
                        />
                      </label>
                    </td>
                  )}
                  {columns.map((column) => {
                    const content = column.cell(row)
                    const label = labelOf(column)
                    const isTitle = column === title
                    const className = clsx(column.card === 'details' && 'cards:hidden', columnClassNames?.[column.id])
                    // Only the attributes a cell has: a list of 50 rows carries each of its cells twice, in the HTML
                    // and in the page's payload, where an absent one would still be written out.
                    const attributes = {
                      ...(isTitle ? { id: titleId } : {}),
                      ...(!isTitle && label ? { 'data-label': label } : {}),
                      ...(column.card ? { 'data-card': column.card } : {}),
                      ...(className ? { className } : {}),
                    }
                    return (
                      <td key={column.id} {...attributes}>
                        {cellBody(content)}
                      </td>
                    )
                  })}
                  {details.length > 0 && (
                    // As a card only: the 'details' cells, each after its column's name, behind one disclosure (drawn when opened).
                    <td className="hidden cards:flex">
                      <RowDetails
                        summaryId={`${uid}-${i}-details`}
                        labelledBy={titleId ? `${uid}-${i}-details ${titleId}` : undefined}
                      >
                        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                          {details.map((column) => (
                            <div key={column.id} className="contents">
                              <dt className="font-medium text-slate-600">{labelOf(column)}</dt>
                              <dd>{column.cell(row) || EMPTY_VALUE}</dd>
                            </div>
                          ))}
                        </dl>
                      </RowDetails>
                    </td>
                  )}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A cell's content. As a card, the cell is a flex line of two, its column's name and this: several nodes get one box
 * (else each would be an item of that line); a text or a single element is one item already and goes as it is (a list
 * of 50 rows would otherwise carry a box per cell, twice: in the HTML and in the page's payload).
 */
function cellBody(content: React.ReactNode): React.ReactNode {
  if (content === null || content === undefined || content === '') return null
  if (typeof content === 'string' || typeof content === 'number') return content
  // An element (or one still on its way from the server: a lazy node, as a client table's props may hold) is one item.
  return Array.isArray(content) || (isValidElement(content) && content.type === Fragment) ? (
    <div>{content}</div>
  ) : (
    content
  )
}

/** A header cell: dense ones in small type, wrapping, aligned on their last line. */
const headerCell = (dense?: boolean) =>
  dense ? 'px-1.5 py-2 align-bottom text-xs font-semibold' : 'whitespace-nowrap px-3 py-2 font-semibold'

function SortIcon({ sorted }: { sorted: 'asc' | 'desc' | false }) {
  if (sorted === 'asc') return <Icon name="arrow-up" size={14} />
  if (sorted === 'desc') return <Icon name="arrow-down" size={14} />
  return <Icon name="arrow-up-down" size={14} className="text-slate-400" />
}
