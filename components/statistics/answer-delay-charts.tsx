'use client'

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCount, formatOneDecimal, formatPercent } from '@/lib/numbers'
import type { AnswerDelayFigures, answerDelayChartLines } from '@/lib/statistics/answer-delays-table'
import {
  ANSWER_DELAY_HEADERS,
  CHART_STRUCTURES,
  MAX_OFFERS,
  MAX_STRUCTURES,
  formatDays,
} from '@/lib/statistics/answer-delays-table'
import { AXIS_TEXT, CategoryTick, useNarrow } from './chart-parts'
import { ChartCard } from './chart-card'

const SERIES = [
  { key: 'medianDays', name: 'Délai médian', colour: '#1e40af' },
  { key: 'p90Days', name: '90e centile', colour: '#b45309' },
]
type Props = {
  total: AnswerDelayFigures
  /** The chart's bars (answerDelayChartLines), of `structureCount` structures in the table. */
  drawn: ReturnType<typeof answerDelayChartLines>
  structureCount: number
  /** The table's rows, built on the server (answerDelayRows): the page carries its cells, not every line's figures. */
  rows: (string | number)[][]
  /** Lines were left out (the most prescribed structures and offers are kept). */
  capped: boolean
  /** When the figures come from the hourly summary: as of when (« Chiffres à jour à 14:00… »); null when computed now. */
  freshness?: string | null
}

const days = (d: number | null) => (d === null ? formatDays(d) : `${formatDays(d)}\u00a0j`)
const inDays = (d: number) => `${formatDays(d)} jour${d >= 2 ? 's' : ''}`
const shareOf = (n: number, f: AnswerDelayFigures) => formatPercent(f.prescribed ? n / f.prescribed : null)

/**
 * "Délais de réponse des partenaires": the organisation's figures, then per structure and per offer in one table (and
 * its CSV), the median and 90th percentile of the most prescribed structures drawn as bars.
 */
export function AnswerDelayCharts({ total, drawn, structureCount, rows, capped, freshness }: Props) {
  const narrow = useNarrow()
  return (
    <section aria-labelledby="answer-delays-title" className="flex flex-col gap-4">
      <h2 id="answer-delays-title" className="text-xl font-semibold text-slate-900">
        Délais de réponse des partenaires
      </h2>
      {freshness && <p className="-mt-2 text-sm text-slate-600">{freshness}</p>}
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6" aria-label="Délais de réponse de la période">
        <Figure label="Délai médian" value={days(total.medianDays)} />
        <Figure label="90e centile" value={days(total.p90Days)} />
        <Figure label="Réponse en 10 jours ou moins" value={shareOf(total.within10, total)} />
        <Figure label="Réponse en 30 jours ou moins" value={shareOf(total.within30, total)} />
        <Figure label="Expirées sans réponse" value={shareOf(total.expired, total)} />
        <Figure label="Intégrées" value={shareOf(total.integrated, total)} />
      </ul>
      {/* A grid, as the other charts': its track lets the card shrink to the screen, the wide table scrolling in its box. */}
      <div className="grid items-start gap-6">
        <ChartCard
          title="Délais de réponse par structure et par offre"
          slug="delais-de-reponse-partenaires"
          legend={SERIES}
          height={Math.max(140, drawn.length * (narrow ? 64 : 52) + 40)}
          empty={total.prescribed === 0}
          summary={
            `Sur la période\u00a0: ${formatCount(total.prescribed, 'prescription', 'prescriptions')} avec fiche de suivi, ` +
            (total.medianDays === null || total.p90Days === null
              ? 'aucune réponse.'
              : `${formatCount(total.answered, 'réponse', 'réponses')}, la moitié en ${inDays(total.medianDays)} au plus, ` +
                `9 sur 10 en ${inDays(total.p90Days)} au plus.`)
          }
          note={
            'Délai\u00a0: jours du calendrier (heure de Paris) entre la prescription et la réponse de la structure ' +
            '(intégration ou refus). Les parts se rapportent à toutes les prescriptions de la période envoyées avec une ' +
            'fiche de suivi, y compris celles encore en attente. Les prescriptions manuelles (sans fiche de suivi) ne ' +
            'sont pas comptées\u00a0: la structure y répond hors de Passerelle.' +
            (drawn.length < structureCount
              ? ` Le graphique montre les ${CHART_STRUCTURES} structures les plus prescrites, le tableau toutes.`
              : '') +
            (capped
              ? ` Le tableau donne les ${MAX_STRUCTURES} structures et les ${MAX_OFFERS} offres les plus ` +
                'prescrites (filtrez par structure pour voir toutes ses offres)\u00a0; le total les compte toutes.'
              : '')
          }
          table={{ headers: ANSWER_DELAY_HEADERS, rows }}
        >
          <BarChart accessibilityLayer={false} data={drawn} layout="vertical" margin={{ right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={AXIS_TEXT} unit={'\u00a0j'} />
            <YAxis
              type="category"
              dataKey="label"
              width={narrow ? 124 : 200}
              interval={0}
              tick={<CategoryTick maxChars={narrow ? 16 : 28} maxLines={narrow ? 3 : 2} />}
            />
            <Tooltip formatter={(v) => `${formatOneDecimal(Number(v))}\u00a0j`} />
            {SERIES.map((s) => (
              <Bar
                key={s.key}
                isAnimationActive={false}
                dataKey={s.key}
                name={s.name}
                fill={s.colour}
                maxBarSize={20}
              />
            ))}
          </BarChart>
        </ChartCard>
      </div>
    </section>
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
