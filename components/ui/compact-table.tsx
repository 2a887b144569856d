'use client'

import { clsx } from 'clsx'
import { BADGE_CLASS, BADGE_TONES, type BadgeTone } from './badge-tones'
import { NavLink } from './nav-link'
import { TableFrame } from './simple-table'
import { useFirstRowsOnServer } from './use-hydrated'

/**
 * A cell as data: text, a row link, a status badge, or lines of small text (the last ones emphasised when asked).
 */
export type CompactCell = string | number | { href: string; text: string } | { badge: BadgeTone; text: string } | { lines: string[]; emphasis?: boolean }

/**
 * SimpleTable's table for the long lists of the directory (structures, job offers): the rows travel as data, not as
 * the element trees of their cells (a link and a badge or three lines per row, 50 rows, twice in the page: in its HTML
 * and in its RSC payload; issue 16 §1), and the first rows are in the server's HTML, the others rendered once hydrated.
 */
export function CompactTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: CompactCell[] }[] }) {
  const shown = useFirstRowsOnServer(rows)
  return (
    <TableFrame caption={caption} headers={headers}>
      {shown.map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, i) => (
            <td key={i}>{render(cell)}</td>
          ))}
        </tr>
      ))}
    </TableFrame>
  )
}

function render(cell: CompactCell): React.ReactNode {
  if (typeof cell !== 'object') return cell
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
