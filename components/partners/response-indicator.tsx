import { formatOneDecimal } from '@/lib/numbers'
import type { ResponseIndicator } from '@/lib/partners/queries'
import { EMPTY_VALUE } from '@/lib/format'

const days = (n: number) => `${formatOneDecimal(n)}\u00a0jour${n >= 2 ? 's' : ''}`

/** The response indicator's three figures, as sentences. */
export function indicatorTexts(i: ResponseIndicator) {
  return {
    median:
      i.medianDays === null
        ? 'Pas encore de réponse sur 90\u00a0jours'
        : `Répond en ${days(i.medianDays)} (médiane sur 90\u00a0jours)`,
    share:
      i.answeredWithinDelayShare === null
        ? null
        : `${Math.round(i.answeredWithinDelayShare * 100)}\u00a0% de réponses sous ${days(i.reminderDays)}`,
    late:
      i.latePending === 0
        ? 'Aucune prescription en retard'
        : `${i.latePending} prescription${i.latePending > 1 ? 's' : ''} sans réponse depuis plus de ${days(i.reminderDays)}`,
  }
}

/** The indicator's lines as a SimpleTable cell (components/ui/simple-table.tsx): the late ones emphasised when there are some. */
export function indicatorCell(indicator: ResponseIndicator): { lines: string[]; emphasis: boolean } {
  const t = indicatorTexts(indicator)
  return { lines: [t.median, ...(t.share ? [t.share] : []), t.late], emphasis: indicator.latePending > 0 }
}

export function ResponseIndicatorCard({ indicator }: { indicator: ResponseIndicator }) {
  const t = indicatorTexts(indicator)
  return (
    <section aria-labelledby="indicator-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="indicator-title" className="mb-2 text-lg font-semibold">
        Réactivité
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Délai médian de réponse (90 derniers jours)</dt>
          <dd className="text-xl font-semibold">
            {indicator.medianDays === null ? EMPTY_VALUE : days(indicator.medianDays)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Réponses sous {days(indicator.reminderDays)}</dt>
          <dd className="text-xl font-semibold">
            {indicator.answeredWithinDelayShare === null
              ? EMPTY_VALUE
              : `${Math.round(indicator.answeredWithinDelayShare * 100)}\u00a0%`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Prescriptions en attente depuis plus de {days(indicator.reminderDays)}</dt>
          <dd className={indicator.latePending ? 'text-xl font-semibold text-amber-900' : 'text-xl font-semibold'}>
            {indicator.latePending}
          </dd>
        </div>
      </dl>
      <p className="sr-only">{[t.median, t.share, t.late].filter(Boolean).join('. ')}</p>
    </section>
  )
}
