import { buttonClass } from '@/components/ui/button'
import type { FupParams } from '@/lib/prescriptions/fup-params'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/state-labels'

const control = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm'

/** The FUP list's filters: a plain GET form, so that the URL holds them (shareable, back-button safe) without script. */
export function FupFilters({ params, offers }: { params: FupParams; offers: { value: string; label: string }[] }) {
  return (
    <form method="get" role="search" aria-label="Filtrer les prescriptions" className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Prescriptions
        <select name="scope" defaultValue={params.scope} className={control}>
          <option value="mine">Uniquement les miennes</option>
          <option value="all">Toute l’organisation</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        État
        <select name="state" defaultValue={params.state ?? ''} className={control}>
          <option value="">Tous</option>
          {Object.entries(PRESCRIPTION_STATE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Offre
        <select name="offer" defaultValue={params.offerId ?? ''} className={`${control} max-w-64`}>
          <option value="">Toutes</option>
          {offers.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Prescrite à partir du
        <input type="date" name="from" defaultValue={params.from ?? ''} className={control} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Jusqu’au
        <input type="date" name="to" defaultValue={params.to ?? ''} className={control} />
      </label>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary')}>
          Filtrer
        </button>
        <a href="/v2/candidates/fup" className={buttonClass('ghost')}>
          Réinitialiser
        </a>
      </div>
    </form>
  )
}
