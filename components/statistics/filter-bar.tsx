import { PERIODS, type StatisticsFilters } from '@/lib/statistics/filters'

type Choice = { id: string; name: string }
const selectClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm'

/** The statistics' filters: a plain GET form, so that every view is a shareable URL and works before any script. */
export function StatisticsFilterBar({
  filters,
  choices,
}: {
  filters: StatisticsFilters
  choices: { referents: Choice[]; structures: Choice[]; offers: Choice[] }
}) {
  return (
    <form
      method="get"
      action="/v2/statistics"
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Filtres des statistiques"
    >
      <Select
        label="Période"
        name="period"
        value={filters.period}
        options={PERIODS.map((p) => ({ id: p.value, name: p.label }))}
      />
      <Month label="Du mois (période personnalisée)" name="from" value={filters.fromMonth} />
      <Month label="Au mois (période personnalisée)" name="to" value={filters.toMonth} />
      <Select
        label="Référent"
        name="referent"
        value={filters.referentId ?? ''}
        options={[{ id: '', name: 'Tous' }, ...choices.referents]}
      />
      <Select
        label="Structure partenaire"
        name="structure"
        value={filters.structureId ?? ''}
        options={[{ id: '', name: 'Toutes' }, ...choices.structures]}
      />
      {filters.structureId ? (
        <Select
          label="Offre"
          name="offer"
          value={filters.offerId ?? ''}
          options={[{ id: '', name: 'Toutes' }, ...choices.offers]}
        />
      ) : (
        <p className="max-w-52 text-xs text-slate-600">
          Pour filtrer par offre, choisissez une structure partenaire puis appliquez.
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Appliquer
        </button>
        <a
          href="/v2/statistics"
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Réinitialiser
        </a>
      </div>
    </form>
  )
}

function Select({ label, name, value, options }: { label: string; name: string; value: string; options: Choice[] }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`statistics-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`statistics-${name}`} name={name} defaultValue={value} className={selectClass}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  )
}

function Month({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`statistics-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={`statistics-${name}`} type="month" name={name} defaultValue={value} className={selectClass} />
    </div>
  )
}
