'use client'

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { formatNumber, formatOneDecimal, formatPercent } from '@/lib/numbers'
import type { InvitationFigures } from '@/lib/statistics/invitations'
import { AXIS_TEXT, CategoryTick, useNarrow } from './chart-parts'
import { ChartCard } from './chart-card'

const SENT = [
  { key: 'sent', name: 'Invitations envoyées', colour: '#1e40af' },
  { key: 'booked', name: 'Réservées', colour: '#15803d' },
]
const ABSENCE = [
  { key: 'invitedPercent', name: 'Invités', colour: '#15803d' },
  { key: 'convokedPercent', name: 'Convoqués', colour: '#b45309' },
]
const ALL_THEMES = 'Tous les thèmes'
const number = formatNumber
const percent = formatPercent
const days = (d: number | null) => (d === null ? percent(null) : formatOneDecimal(d))
const asPercent = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10)

/**
 * The invitations' figures per theme: what was sent and booked (with the median delay and the share booked by the
 * person alone), and the absence rate of the invited against the convoked, each chart with its table and CSV.
 */
export function InvitationCharts({ themes, total }: { themes: InvitationFigures[]; total: InvitationFigures }) {
  const narrow = useNarrow()
  const height = (n: number) => Math.max(140, n * (narrow ? 64 : 52) + 40)
  const label = (f: InvitationFigures) => f.theme ?? ALL_THEMES
  const rows = [...themes, total]
  const categoryAxis = (
    <YAxis
      type="category"
      dataKey="theme"
      width={narrow ? 124 : 200}
      interval={0}
      tick={<CategoryTick maxChars={narrow ? 16 : 28} maxLines={narrow ? 3 : 2} />}
    />
  )
  const sent = themes.filter((t) => t.sent > 0)
  const marked = themes.filter((t) => t.invited.marked + t.convoked.marked > 0)
  return (
    <section aria-labelledby="invitations-title" className="flex flex-col gap-4">
      <h2 id="invitations-title" className="text-xl font-semibold text-slate-900">
        Invitations aux ateliers
      </h2>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChartCard
          title="Invitations par thème d’atelier"
          slug="invitations-par-theme"
          legend={SENT}
          height={height(sent.length)}
          empty={sent.length === 0}
          summary={
            `Sur la période\u00a0: ${number(total.sent)} invitation${total.sent > 1 ? 's' : ''} envoyée${total.sent > 1 ? 's' : ''}, ` +
            `${percent(total.bookedRate)} réservées (délai médian\u00a0: ${days(total.medianDays)} jour${(total.medianDays ?? 0) >= 2 ? 's' : ''}), ` +
            `${percent(total.byPersonRate)} des réservations faites par la personne elle-même.`
          }
          table={{
            headers: [
              'Thème',
              'Invitations envoyées',
              'Réservées',
              'Part réservée',
              'Délai médian jusqu’à la réservation (jours)',
              'Réservées par la personne',
              'Part des réservations faites par la personne',
            ],
            rows: rows.map((f) => [
              label(f),
              f.sent,
              f.booked,
              percent(f.bookedRate),
              days(f.medianDays),
              f.byPerson,
              percent(f.byPersonRate),
            ]),
          }}
        >
          <BarChart accessibilityLayer={false} data={sent} layout="vertical" margin={{ right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={AXIS_TEXT} tickFormatter={number} />
            {categoryAxis}
            <Tooltip formatter={(v) => number(Number(v))} />
            {SENT.map((s) => (
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
        <ChartCard
          title="Taux d’absence des invités et des convoqués"
          slug="absences-invites-convoques"
          legend={ABSENCE}
          height={height(marked.length)}
          empty={marked.length === 0}
          summary={
            `Sur la période\u00a0: ${percent(total.invited.rate)} d’absents parmi les invités qui ont réservé, ` +
            `${percent(total.convoked.rate)} parmi les convoqués (absences non excusées, sur les présences notées).`
          }
          table={{
            headers: [
              'Thème',
              'Présences notées (invités)',
              'Absents (invités)',
              'Taux d’absence (invités)',
              'Présences notées (convoqués)',
              'Absents (convoqués)',
              'Taux d’absence (convoqués)',
            ],
            rows: rows.map((f) => [
              label(f),
              f.invited.marked,
              f.invited.absent,
              percent(f.invited.rate),
              f.convoked.marked,
              f.convoked.absent,
              percent(f.convoked.rate),
            ]),
          }}
        >
          <BarChart
            accessibilityLayer={false}
            data={marked.map((t) => ({
              theme: t.theme,
              invitedPercent: asPercent(t.invited.rate),
              convokedPercent: asPercent(t.convoked.rate),
            }))}
            layout="vertical"
            margin={{ right: 24 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tick={AXIS_TEXT}
              tickFormatter={(v) => `${v}\u00a0%`}
            />
            {categoryAxis}
            <Tooltip formatter={(v) => `${formatOneDecimal(Number(v))}\u00a0%`} />
            {ABSENCE.map((s) => (
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
