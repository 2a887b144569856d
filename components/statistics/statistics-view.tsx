'use client'

import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts'
import { formatNumber, formatOneDecimal, formatPercent } from '@/lib/numbers'
import { monthLabel } from '@/lib/statistics/filters'
import { monthTicks } from '@/lib/statistics/month-axis'
import type { OrganisationStatistics } from '@/lib/statistics/queries'
import { AXIS_TEXT, CategoryTick, MonthTick, useNarrow } from './chart-parts'
import { ChartCard } from './chart-card'

const COLOURS = { pending: '#b45309', integrated: '#15803d', refused: '#b91c1c', expired: '#64748b', bar: '#1e40af' }
const OUTCOMES = [
  { key: 'pending', name: 'En attente', colour: COLOURS.pending },
  { key: 'integrated', name: 'Intégrés', colour: COLOURS.integrated },
  { key: 'refused', name: 'Refusés', colour: COLOURS.refused },
  { key: 'expired', name: 'Expirées', colour: COLOURS.expired },
]
const ATTENDANCE = [
  { key: 'present', name: 'Présents', colour: COLOURS.integrated },
  { key: 'excused', name: 'Absents excusés', colour: COLOURS.pending },
  { key: 'unexcused', name: 'Absents non excusés', colour: COLOURS.refused },
  { key: 'unmarked', name: 'Non notés', colour: COLOURS.expired },
]
const number = formatNumber
const percent = formatPercent

/**
 * The statistics page's figures and charts; each chart has its table of data (for screen readers and everyone), drawn
 * when opened, and its CSV. The monthly charts share one month axis (every month of the filtered period, the
 * same months labelled on each), the rankings are horizontal bars whose labels fit a phone, the legends are HTML, and
 * a rate per month is drawn as bars (a month without an answer has no bar, where a line would join or hide it).
 */
export function StatisticsView({ stats }: { stats: OrganisationStatistics }) {
  const narrow = useNarrow()
  const ticks = monthTicks(
    stats.monthly.map((m) => m.month),
    narrow ? 6 : 12,
  )
  const monthAxis = () => (
    <XAxis dataKey="month" ticks={ticks} interval={0} tick={<MonthTick ticks={ticks} />} tickLine={false} height={34} />
  )
  const countAxis = () => (
    <YAxis allowDecimals={false} tick={AXIS_TEXT} tickFormatter={number} width={narrow ? 44 : 56} />
  )
  const monthly = stats.monthly.map((m) => ({
    ...m,
    ratePercent: m.integrationRate === null ? null : Math.round(m.integrationRate * 1000) / 10,
  }))
  const attendance = stats.workshops.monthly
  const unmarked = stats.workshops.totals.unmarked
  const total = stats.totals.pending + stats.totals.integrated + stats.totals.refused + stats.totals.expired
  const ranking = (data: { label: string; n: number }[], name: string, colour: string) => (
    <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ right: 48 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={AXIS_TEXT} tickFormatter={number} />
      <YAxis
        type="category"
        dataKey="label"
        width={narrow ? 124 : 200}
        interval={0}
        tick={<CategoryTick maxChars={narrow ? 16 : 28} maxLines={narrow ? 3 : 2} />}
      />
      <Tooltip formatter={(v) => number(Number(v))} />
      <Bar isAnimationActive={false} dataKey="n" name={name} fill={colour} maxBarSize={28}>
        <LabelList dataKey="n" position="right" formatter={(v: unknown) => number(Number(v))} {...AXIS_TEXT} />
      </Bar>
    </BarChart>
  )
  // A row holds its label's lines (up to three on a phone, two on a wider screen).
  const rankingHeight = (n: number) => Math.max(120, n * (narrow ? 48 : 36) + 40)
  const months = (label: unknown) => monthLabel(String(label))
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
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="Prescriptions par mois et par issue"
          slug="prescriptions-par-mois"
          legend={OUTCOMES}
          table={{
            headers: ['Mois', 'En attente', 'Intégrés', 'Refusés', 'Expirées'],
            rows: stats.monthly.map((m) => [monthLabel(m.month), m.pending, m.integrated, m.refused, m.expired]),
          }}
        >
          <BarChart accessibilityLayer={false} data={monthly}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {monthAxis()}
            {countAxis()}
            <Tooltip labelFormatter={months} formatter={(v) => number(Number(v))} />
            {OUTCOMES.map((o) => (
              <Bar key={o.key} isAnimationActive={false} dataKey={o.key} name={o.name} stackId="a" fill={o.colour} />
            ))}
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Taux d’intégration par mois"
          slug="taux-integration"
          summary={`Sur la période\u00a0: ${percent(stats.integrationRate)} des prescriptions ayant reçu une réponse sont intégrées.`}
          empty={monthly.every((m) => m.ratePercent === null)}
          table={{
            headers: ['Mois', 'Intégrés', 'Refusés', 'Taux d’intégration'],
            rows: stats.monthly.map((m) => [monthLabel(m.month), m.integrated, m.refused, percent(m.integrationRate)]),
          }}
        >
          <BarChart accessibilityLayer={false} data={monthly}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {monthAxis()}
            <YAxis
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tick={AXIS_TEXT}
              tickFormatter={(v) => `${v}\u00a0%`}
              width={52}
            />
            <Tooltip labelFormatter={months} formatter={(v) => `${formatOneDecimal(Number(v))}\u00a0%`} />
            <Bar isAnimationActive={false} dataKey="ratePercent" name="Taux d’intégration" fill={COLOURS.integrated} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Présence aux ateliers par mois"
          slug="presence-ateliers"
          legend={ATTENDANCE}
          empty={attendance.every((m) => m.present + m.excused + m.unexcused + m.unmarked === 0)}
          summary={
            `Sur la période\u00a0: ${percent(stats.workshops.rate)} des inscrits dont la présence est notée ` +
            'étaient présents ' +
            `(${number(unmarked)} présence${unmarked > 1 ? 's' : ''} non notée${unmarked > 1 ? 's' : ''}).`
          }
          table={{
            headers: ['Mois', 'Présents', 'Absents excusés', 'Absents non excusés', 'Non notés', 'Taux de présence'],
            rows: attendance.map((m) => [
              monthLabel(m.month),
              m.present,
              m.excused,
              m.unexcused,
              m.unmarked,
              percent(m.rate),
            ]),
          }}
        >
          <BarChart accessibilityLayer={false} data={attendance}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {monthAxis()}
            {countAxis()}
            <Tooltip labelFormatter={months} formatter={(v) => number(Number(v))} />
            {ATTENDANCE.map((a) => (
              <Bar key={a.key} isAnimationActive={false} dataKey={a.key} name={a.name} stackId="a" fill={a.colour} />
            ))}
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Motifs de refus"
          slug="motifs-de-refus"
          height={rankingHeight(stats.causes.length)}
          empty={stats.causes.length === 0}
          table={{ headers: ['Motif', 'Refus'], rows: stats.causes.map((c) => [c.label, c.n]) }}
        >
          {ranking(stats.causes, 'Refus', COLOURS.refused)}
        </ChartCard>
        <ChartCard
          title="Candidats par statut"
          slug="candidats-par-statut"
          height={rankingHeight(stats.candidates.byStatus.length)}
          empty={stats.candidates.byStatus.length === 0}
          table={{ headers: ['Statut', 'Candidats'], rows: stats.candidates.byStatus.map((s) => [s.label, s.n]) }}
        >
          {ranking(stats.candidates.byStatus, 'Candidats', COLOURS.bar)}
        </ChartCard>
        <ChartCard
          title="Candidats par lieu de résidence"
          slug="candidats-par-lieu"
          height={rankingHeight(stats.candidates.byPlace.length)}
          empty={stats.candidates.byPlace.length === 0}
          table={{
            headers: ['Lieu de résidence', 'Candidats'],
            rows: stats.candidates.byPlace.map((s) => [s.label, s.n]),
          }}
        >
          {ranking(stats.candidates.byPlace, 'Candidats', COLOURS.bar)}
        </ChartCard>
      </div>
      <section aria-labelledby="sms-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="sms-title" className="text-lg font-semibold text-slate-900">
          SMS de la période
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {number(stats.sms.delivered)} distribué{stats.sms.delivered > 1 ? 's' : ''}, {number(stats.sms.notDelivered)}{' '}
          non distribué{stats.sms.notDelivered > 1 ? 's' : ''} ou en échec, {number(stats.sms.waiting)} en attente d’un
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
