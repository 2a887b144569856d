'use client'

import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/components/ui/use-hydrated'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { csvFile } from '@/lib/csv/csv'
import { formatNumber, formatPercent } from '@/lib/numbers'
import { monthLabel } from '@/lib/statistics/filters'
import type { OrganisationStatistics } from '@/lib/statistics/queries'

const COLOURS = { pending: '#b45309', integrated: '#15803d', refused: '#b91c1c', expired: '#64748b', bar: '#1e40af' }
const number = formatNumber
const percent = formatPercent

type Table = { headers: string[]; rows: (string | number)[][] }

/**
 * The statistics page's figures and charts; each chart has its table of data (for screen readers and everyone), drawn
 * when opened, and its CSV.
 */
export function StatisticsView({ stats }: { stats: OrganisationStatistics }) {
  const monthly = stats.monthly.map((m) => ({ ...m, label: monthLabel(m.month), ratePercent: m.integrationRate === null ? null : Math.round(m.integrationRate * 1000) / 10 }))
  const total = stats.totals.pending + stats.totals.integrated + stats.totals.refused + stats.totals.expired
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6" aria-label="Chiffres clés de la période">
        <Figure label="Prescriptions" value={number(total)} />
        <Figure label="En attente" value={number(stats.totals.pending)} />
        <Figure label="Intégrés" value={number(stats.totals.integrated)} />
        <Figure label="Refusés" value={number(stats.totals.refused)} />
        <Figure label="Expirées" value={number(stats.totals.expired)} />
        <Figure label="Taux d’intégration" value={percent(stats.integrationRate)} />
      </ul>
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Prescriptions par mois et par issue"
          slug="prescriptions-par-mois"
          table={{
            headers: ['Mois', 'En attente', 'Intégrés', 'Refusés', 'Expirées'],
            rows: stats.monthly.map((m) => [monthLabel(m.month), m.pending, m.integrated, m.refused, m.expired]),
          }}
        >
          <BarChart accessibilityLayer={false} data={monthly}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} tickFormatter={number} />
            <Tooltip formatter={(v) => number(Number(v))} />
            <Legend />
            <Bar isAnimationActive={false} dataKey="pending" name="En attente" stackId="a" fill={COLOURS.pending} />
            <Bar isAnimationActive={false} dataKey="integrated" name="Intégrés" stackId="a" fill={COLOURS.integrated} />
            <Bar isAnimationActive={false} dataKey="refused" name="Refusés" stackId="a" fill={COLOURS.refused} />
            <Bar isAnimationActive={false} dataKey="expired" name="Expirées" stackId="a" fill={COLOURS.expired} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Taux d’intégration par mois"
          slug="taux-integration"
          summary={`Sur la période : ${percent(stats.integrationRate)} des prescriptions ayant reçu une réponse sont intégrées.`}
          table={{ headers: ['Mois', 'Intégrés', 'Refusés', 'Taux d’intégration'], rows: stats.monthly.map((m) => [monthLabel(m.month), m.integrated, m.refused, percent(m.integrationRate)]) }}
        >
          <LineChart accessibilityLayer={false} data={monthly}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} />
            <YAxis domain={[0, 100]} unit=" %" fontSize={12} />
            <Tooltip formatter={(v) => `${formatNumber(Number(v))} %`} />
            <Line isAnimationActive={false} type="monotone" dataKey="ratePercent" name="Taux d’intégration" stroke={COLOURS.integrated} strokeWidth={2} connectNulls />
          </LineChart>
        </ChartCard>
        <ChartCard title="Motifs de refus" slug="motifs-de-refus" empty={stats.causes.length === 0} table={{ headers: ['Motif', 'Refus'], rows: stats.causes.map((c) => [c.label, c.n]) }}>
          <BarChart accessibilityLayer={false} data={stats.causes} layout="vertical" margin={{ left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} tickFormatter={number} />
            <YAxis type="category" dataKey="label" width={190} fontSize={12} />
            <Tooltip formatter={(v) => number(Number(v))} />
            <Bar isAnimationActive={false} dataKey="n" name="Refus" fill={COLOURS.refused} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Délai de réponse médian par structure partenaire"
          slug="delai-de-reponse"
          empty={stats.responseTimes.length === 0}
          table={{ headers: ['Structure partenaire', 'Réponses', 'Délai médian (jours)'], rows: stats.responseTimes.map((r) => [r.name, r.answered, r.medianDays]) }}
        >
          <BarChart accessibilityLayer={false} data={stats.responseTimes} layout="vertical" margin={{ left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} unit=" j" fontSize={12} />
            <YAxis type="category" dataKey="name" width={190} fontSize={12} />
            <Tooltip formatter={(v) => `${number(Number(v))} jours`} />
            <Bar isAnimationActive={false} dataKey="medianDays" name="Délai médian (jours)" fill={COLOURS.bar} />
          </BarChart>
        </ChartCard>
        <ChartCard title="Candidats par statut" slug="candidats-par-statut" table={{ headers: ['Statut', 'Candidats'], rows: stats.candidates.byStatus.map((s) => [s.label, s.n]) }}>
          <BarChart accessibilityLayer={false} data={stats.candidates.byStatus}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} tickFormatter={number} />
            <Tooltip formatter={(v) => number(Number(v))} />
            <Bar isAnimationActive={false} dataKey="n" name="Candidats" fill={COLOURS.bar} />
          </BarChart>
        </ChartCard>
        <ChartCard title="Candidats par lieu de résidence" slug="candidats-par-lieu" table={{ headers: ['Lieu de résidence', 'Candidats'], rows: stats.candidates.byPlace.map((s) => [s.label, s.n]) }}>
          <BarChart accessibilityLayer={false} data={stats.candidates.byPlace}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} tickFormatter={number} />
            <Tooltip formatter={(v) => number(Number(v))} />
            <Bar isAnimationActive={false} dataKey="n" name="Candidats" fill={COLOURS.bar} />
          </BarChart>
        </ChartCard>
      </div>
      <ChartCard
        title="Présence aux ateliers par mois"
        slug="presence-ateliers"
        empty={stats.workshops.monthly.every((m) => m.present + m.excused + m.unexcused + m.unmarked === 0)}
        summary={`Sur la période : ${percent(stats.workshops.rate)} des inscrits dont la présence est notée étaient présents (${number(stats.workshops.totals.unmarked)} présence${stats.workshops.totals.unmarked > 1 ? 's' : ''} non notée${stats.workshops.totals.unmarked > 1 ? 's' : ''}).`}
        table={{
          headers: ['Mois', 'Présents', 'Absents excusés', 'Absents non excusés', 'Non notés', 'Taux de présence'],
          rows: stats.workshops.monthly.map((m) => [monthLabel(m.month), m.present, m.excused, m.unexcused, m.unmarked, percent(m.rate)]),
        }}
      >
        <BarChart accessibilityLayer={false} data={stats.workshops.monthly.map((m) => ({ ...m, label: monthLabel(m.month) }))}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} tickFormatter={number} />
          <Tooltip formatter={(v) => number(Number(v))} />
          <Legend />
          <Bar isAnimationActive={false} dataKey="present" name="Présents" stackId="a" fill={COLOURS.integrated} />
          <Bar isAnimationActive={false} dataKey="excused" name="Absents excusés" stackId="a" fill={COLOURS.pending} />
          <Bar isAnimationActive={false} dataKey="unexcused" name="Absents non excusés" stackId="a" fill={COLOURS.refused} />
          <Bar isAnimationActive={false} dataKey="unmarked" name="Non notés" stackId="a" fill={COLOURS.expired} />
        </BarChart>
      </ChartCard>
      <section aria-labelledby="sms-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="sms-title" className="text-lg font-semibold text-slate-900">
          SMS de la période
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {number(stats.sms.delivered)} distribué{stats.sms.delivered > 1 ? 's' : ''}, {number(stats.sms.notDelivered)} non distribué{stats.sms.notDelivered > 1 ? 's' : ''} ou en échec, {number(stats.sms.waiting)} en attente d’un
          accusé de réception. Taux de distribution&nbsp;: <strong>{percent(stats.sms.rate)}</strong>.
        </p>
      </section>
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold text-slate-900">{value}</p>
    </li>
  )
}

function ChartCard({ title, slug, table, summary, empty, children }: { title: string; slug: string; table: Table; summary?: string; empty?: boolean; children: React.ReactElement }) {
  const id = `chart-${slug}`
  const hydrated = useHydrated()
  // The table is drawn when its "Tableau des données" is opened (seven tables of up to a hundred rows were most of what
  // the server rendered per view, issue 16 §1), and kept drawn if it was opened before the page hydrated.
  const details = useRef<HTMLDetailsElement>(null)
  const [tableOpen, setTableOpen] = useState(false)
  useEffect(() => {
    if (details.current?.open) setTableOpen(true)
  }, [])
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => downloadCsv(slug, table)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          aria-label={`Télécharger les données de « ${title} » en CSV`}
        >
          Télécharger (CSV)
        </button>
      </div>
      {summary && <p className="text-sm text-slate-700">{summary.replace(' : ', '\u00a0: ')}</p>}
      {empty ? (
        <p className="rounded-md bg-slate-50 p-6 text-center text-sm text-slate-600">Aucune donnée sur la période et les filtres choisis.</p>
      ) : (
        // The chart repeats the table below for sighted readers; screen readers read the table. The browser draws it
        // once the page has hydrated (its width is the screen's): on the server, each of the seven charts cost more
        // than the rest of the page (issue 16 §1), for an SVG with no width to draw at.
        <div className="h-72 w-full" aria-hidden="true">
          {hydrated && (
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          )}
        </div>
      )}
      <details ref={details} onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Tableau des données</summary>
        {tableOpen && (
          <div className="mt-2 overflow-x-auto">
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
  const url = URL.createObjectURL(new Blob([csvFile([table.headers, ...table.rows])], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `statistiques-${slug}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
