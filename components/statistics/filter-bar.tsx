import { FilterDate, FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { PERIODS, type StatisticsFilters } from '@/lib/statistics/filters'

type Choice = { id: string; name: string }
const options = (all: string, choices: Choice[]) => [
  { value: '', label: all },
  ...choices.map((c) => ({ value: c.id, label: c.name })),
]

/** The statistics' filters: a plain GET form, so that every view is a shareable URL and works before any script. */
export function StatisticsFilterBar({
  filters,
  choices,
}: {
  filters: StatisticsFilters
  choices: { referents: Choice[]; structures: Choice[]; offers: Choice[] }
}) {
  return (
    <FilterPanel label="Filtrer les statistiques" method="get" submitLabel="Appliquer" resetHref="/v2/statistics">
      <FilterSelect
        label="Période"
        name="period"
        defaultValue={filters.period}
        options={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
      />
      <FilterDate label="Du mois (période personnalisée)" type="month" name="from" defaultValue={filters.fromMonth} />
      <FilterDate label="Au mois (période personnalisée)" type="month" name="to" defaultValue={filters.toMonth} />
      <FilterSelect
        label="Référent"
        name="referent"
        defaultValue={filters.referentId ?? ''}
        options={options('Tous', choices.referents)}
      />
      <FilterSelect
        label="Structure partenaire"
        name="structure"
        defaultValue={filters.structureId ?? ''}
        options={options('Toutes', choices.structures)}
        wide
      />
      {filters.structureId ? (
        <FilterSelect
          label="Offre"
          name="offer"
          defaultValue={filters.offerId ?? ''}
          options={options('Toutes', choices.offers)}
          wide
        />
      ) : (
        <p className="max-w-52 text-xs text-slate-600">
          Pour filtrer par offre, choisissez une structure partenaire puis appliquez.
        </p>
      )}
    </FilterPanel>
  )
}
