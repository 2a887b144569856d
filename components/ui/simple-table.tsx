'use client'

import { clsx } from 'clsx'
import { isValidElement } from 'react'
import { BADGE_CLASS, BADGE_TONES, type BadgeTone } from './badge-tones'
import { NavLink } from './nav-link'
import { useFirstRowsOnServer } from './use-hydrated'

/**
 * A cell as data, drawn here: a row link, a status badge, or lines of small text (the last one emphasised when asked).
 * A long list's rows travel as data rather than as the element trees of their cells (a link and a badge or three lines
 * per row, 50 rows: twice in the page, in its HTML and in its RSC payload; issue 16 §1).
 */
export type DataCell = { href: string; text: string } | { badge: BadgeTone; text: string } | { lines: string[]; emphasis?: boolean }

/**
 * A plain, accessible read-only table for server-rendered lists. The rows' and cells' classes are set once on the
 * table (descendant variants) rather than on each of them: a 50-row list carried them 400 times in the HTML and again
 * in the page's RSC payload (issue 16 §1). A client component so that the server renders the first rows of a long list
 * into the HTML and the browser the rest (components/ui/use-hydrated.ts); a cell is the server's text or element, or a
 * DataCell.
 */
export function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: (React.ReactNode | DataCell)[] }[] }) {
  const shown = useFirstRowsOnServer(rows)
  return (
    <TableFrame caption={caption} headers={headers}>
      {shown.map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, i) => (
            <td key={i}>{cellContent(cell)}</td>
          ))}
        </tr>
      ))}
    </TableFrame>
  )
}

function cellContent(cell: React.ReactNode | DataCell): React.ReactNode {
  if (cell === null || typeof cell !== 'object' || isValidElement(cell) || Array.isArray(cell) || !('text' in cell || 'lines' in cell)) return cell as React.ReactNode
  if ('href' in cell) return <NavLink href={cell.href}>{cell.text}</NavLink>
  if ('badge' in cell) return <span className={clsx(BADGE_CLASS, BADGE_TONES[cell.badge])}>{cell.text}</span>
  return (
    <span className="flex flex-col text-xs text-slate-700">
      {cell.lines.map((line, i) => (
        <span key={i} className={cell.emphasis && i === cell.lines.length - 1 ? 'font-medium text-amber-900' : undefined}>
          {line}
        </span>
      ))}
    </span>
  )
}

/** SimpleTable's frame, caption and header row, around rows of one's own (`<tr>` of `<td>`, styled by the table). */
export function TableFrame({ caption, headers, children }: { caption: string; headers: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm [&>tbody>tr]:border-t [&>tbody>tr]:border-slate-100 [&>tbody>tr>td]:px-4 [&>tbody>tr>td]:py-2 [&>tbody>tr>td]:align-top">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
