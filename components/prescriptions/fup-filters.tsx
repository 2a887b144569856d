import { FilterDate, FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import type { FupParams } from '@/lib/prescriptions/page-params'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/states'

/** The FUP list's filters: a plain GET form, so that the URL holds them (shareable, back-button safe) without script. */
export function FupFilters({ params, offers }: { params: FupParams; offers: { value: string; label: string }[] }) {
  return (
    <FilterPanel label="Filtrer les prescriptions" method="get" resetHref="/v2/candidates/fup">
      <FilterSelect
        label="Prescriptions"
        name="scope"
        defaultValue={params.scope}
        options={[
          { value: 'mine', label: 'Uniquement les miennes' },
          { value: 'all', label: 'Toute l’organisation' },
        ]}
      />
      <FilterSelect
        label="État"
        name="state"
        defaultValue={params.state ?? ''}
        options={[
          { value: '', label: 'Tous' },
          ...Object.entries(PRESCRIPTION_STATE_LABELS).map(([value, label]) => ({ value, label })),
        ]}
      />
      <FilterSelect
        label="Offre"
        name="offer"
        defaultValue={params.offerId ?? ''}
        options={[{ value: '', label: 'Toutes' }, ...offers]}
      />
      <FilterDate label="Prescrite à partir du" name="from" defaultValue={params.from ?? ''} />
      <FilterDate label="Jusqu’au" name="to" defaultValue={params.to ?? ''} />
    </FilterPanel>
  )
}
