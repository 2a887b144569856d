'use client'

import { isValidElement } from 'react'
import Link from './link'
import { DataTable } from './data-table'
import { StatusBadge, type BadgeTone } from './status-badge'

/** A cell as data, drawn here: a row link, a status badge, or lines of small text (the last one emphasised when asked). */
export type DataCell =
  { href: string; text: string } | { badge: BadgeTone; text: string } | { lines: string[]; emphasis?: boolean }

type Row = { key: string; cells: (React.ReactNode | DataCell)[] }

/**
 * A read-only list given as rows of cells under headers, drawn by the one table (components/ui/data-table.tsx): the
 * same look, and the same cards on a phone. A cell is text, an element, or a DataCell. A client component: a page's
 * RSC payload carries its rows as data (a link is `{ href, text }`) rather than each cell's element tree (the job
 * offers' 50 rows: 41 kB of elements).
 */
export function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: Row[] }) {
  const columns = headers.map((header, i) => ({ id: String(i), header, cell: (row: Row) => cellContent(row.cells[i]) }))
  return <DataTable caption={caption} columns={columns} data={rows} getRowId={(row) => row.key} />
}

function cellContent(cell: React.ReactNode | DataCell): React.ReactNode {
  if (cell === null || typeof cell !== 'object' || isValidElement(cell) || Array.isArray(cell))
    return cell as React.ReactNode
  if (!('text' in cell || 'lines' in cell)) return cell as React.ReactNode
  if ('href' in cell) return <Link href={cell.href}>{cell.text}</Link>
  if ('badge' in cell) return <StatusBadge tone={cell.badge}>{cell.text}</StatusBadge>
  return (
    <span className="flex flex-col text-xs text-slate-700">
      {cell.lines.map((line, i) => (
        <span
          key={i}
          className={cell.emphasis && i === cell.lines.length - 1 ? 'font-medium text-amber-900' : undefined}
        >
          {line}
        </span>
      ))}
    </span>
  )
}
