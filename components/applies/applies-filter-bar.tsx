'use client'

import { CandidateFilterPanel } from '@/components/candidates/candidate-filter-panel'
import { FilterCheckbox } from '@/components/ui/filter-panel'
import type { Option } from '@/components/ui/multi-select'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'

export type FilterOptions = { places: Option[]; statuses: Option[] }

/**
 * Spec §2 filter bar, on the shared FilterPanel and its controls: search (2+ characters or emptied, 750 ms debounce),
 * reset, residence places (3 tags visible), statuses (checkboxes from the candidate-status settings).
 */
export function AppliesFilterBar({
  options,
  placeIds,
  statusValues,
  onSearch,
  onChange,
  onReset,
}: {
  options: FilterOptions
  placeIds: string[]
  statusValues: string[]
  onSearch: (search: string) => void
  onChange: (filters: { placeIds?: string[]; statusValues?: string[] }) => void
  onReset: () => void
}) {
  const search = useDebouncedSearch('', onSearch)

  return (
    <CandidateFilterPanel
      search={search}
      places={options.places}
      placeIds={placeIds}
      onPlaces={(v) => onChange({ placeIds: v })}
      onReset={onReset}
    >
      {options.statuses.length > 0 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">Statut du candidat</legend>
          <div className="flex flex-wrap gap-x-4">
            {options.statuses.map((s) => (
              <FilterCheckbox
                key={s.value}
                label={s.label}
                checked={statusValues.includes(s.value)}
                onChange={() =>
                  onChange({
                    statusValues: statusValues.includes(s.value)
                      ? statusValues.filter((v) => v !== s.value)
                      : [...statusValues, s.value],
                  })
                }
              />
            ))}
          </div>
        </fieldset>
      )}
    </CandidateFilterPanel>
  )
}
