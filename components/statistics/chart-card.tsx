'use client'

import { useEffect, useRef, useState } from 'react'
import { ResponsiveContainer } from 'recharts'
import { useHydrated } from '@/components/ui/use-hydrated'
import { csvFile } from '@/lib/csv/csv'
import { formatNumber } from '@/lib/numbers'
import { SeriesLegend } from './chart-parts'

const number = formatNumber

export type Table = { headers: string[]; rows: (string | number)[][] }

type ChartCardProps = {
  title: string
  slug: string
  table: Table
  summary?: string
  /** What the figures count and leave out, under the summary. */
  note?: string
  empty?: boolean
  /** The series' names and colours, shown above the chart (a chart of one series needs none). */
  legend?: { name: string; colour: string }[]
  /** The chart's height in pixels (a ranking grows with its rows). */
  height?: number
  children: React.ReactElement
}

/** A chart of the statistics page with its title, its CSV, and its table of data drawn when opened. */
export function ChartCard({
  title,
  slug,
  table,
  summary,
  note,
  empty,
  legend,
  height = 288,
  children,
}: ChartCardProps) {
  const id = `chart-${slug}`
  const hydrated = useHydrated()
  // The table is drawn when its "Tableau des données" is opened (seven tables of up to a hundred rows were most of what
  // the server rendered per view), and kept drawn if it was opened before the page hydrated.
  const details = useRef<HTMLDetailsElement>(null)
  const [tableOpen, setTableOpen] = useState(false)
  useEffect(() => {
    if (details.current?.open) setTableOpen(true)
  }, [])
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => downloadCsv(slug, table)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          aria-label={`Télécharger les données de «\u00a0${title}\u00a0» en CSV`}
        >
          Télécharger (CSV)
        </button>
      </div>
      {summary && <p className="text-sm text-slate-700">{summary.replace(' : ', '\u00a0: ')}</p>}
      {note && <p className="text-xs text-slate-600">{note}</p>}
      {empty ? (
        <p className="rounded-md bg-slate-50 p-6 text-center text-sm text-slate-600">
          Aucune donnée sur la période et les filtres choisis.
        </p>
      ) : (
        // The chart repeats the table below for sighted readers; screen readers read the table. The browser draws it
        // once the page has hydrated (its width is the screen's): on the server, each of the seven charts cost more
        // than the rest of the page, for an SVG with no width to draw at.
        <div className="flex flex-col gap-2" aria-hidden="true">
          {legend && <SeriesLegend series={legend} />}
          <div className="w-full" style={{ height }}>
            {hydrated && (
              <ResponsiveContainer width="100%" height="100%">
                {children}
              </ResponsiveContainer>
            )}
          </div>
        </div>
      )}
      <details ref={details} onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Tableau des données</summary>
        {tableOpen && (
          // A wide table scrolls in its box: the box takes the focus, so the keyboard scrolls it too (axe).
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`Données\u00a0: ${title}`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  {table.headers.map((h) => (
                    <th key={h} scope="col" className="px-3 py-1.5 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i} className="border-t border-slate-100">
                    {row.map((cell, j) => (
                      <td key={j} className="px-3 py-1.5">
                        {typeof cell === 'number' ? number(cell) : cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </section>
  )
}

/** The chart's table as a CSV file (UTF-8 with BOM, `;`), built in the browser from what is on screen. */
function downloadCsv(slug: string, table: Table) {
  const url = URL.createObjectURL(
    new Blob([csvFile([table.headers, ...table.rows])], { type: 'text/csv;charset=utf-8' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = `statistiques-${slug}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
