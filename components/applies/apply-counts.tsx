import { getTranslations } from 'next-intl/server'
import { formatNumber } from '@/lib/numbers'
import { APPLY_STATES, type ApplyCounts } from '@/lib/prescriptions/states'

/** The organisation's prescriptions per state, as figure cards. */
export async function ApplyCountCards({ counts }: { counts: ApplyCounts }) {
  const t = await getTranslations('applies')
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {APPLY_STATES.map((state) => (
        <li key={state} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">{t(`tabs.${state}`)}</p>
          <p className="text-2xl font-semibold">{formatNumber(counts[state])}</p>
        </li>
      ))}
    </ul>
  )
}
