'use client'

import { useFirstRowsOnServer } from './use-hydrated'

/**
 * A plain, accessible read-only table for server-rendered lists. The rows' and cells' classes are set once on the
 * table (descendant variants) rather than on each of them: a 50-row list carried them 400 times in the HTML and again
 * in the page's RSC payload (issue 16 §1). A client component only so that the server renders the first rows of a long
 * list into the HTML and the browser the rest (components/ui/use-hydrated.ts); the cells are the server's.
 */
export function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: React.ReactNode[] }[] }) {
  const shown = useFirstRowsOnServer(rows)
  return (
    <TableFrame caption={caption} headers={headers}>
      {shown.map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, i) => (
            <td key={i}>{cell}</td>
          ))}
        </tr>
      ))}
    </TableFrame>
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
