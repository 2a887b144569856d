'use client'

import { CandidateFilterPanel } from '@/components/candidates/candidate-filter-panel'
import type { Option } from '@/components/ui/multi-select'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'

export type FilterOptions = { places: Option[]; statuses: Option[] }

/** Spec §2 filter bar: search (2+ characters or emptied, 750 ms debounce), reset, residence places (3 tags visible), statuses. */
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
          <legend className="text-sm font-medium text-slate-800">Statut du candidat</legend>
          <div className="flex flex-wrap gap-3">
            {options.statuses.map((s) => (
              <label key={s.value} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={statusValues.includes(s.value)}
                  onChange={() =>
                    onChange({
                      statusValues: statusValues.includes(s.value)
                        ? statusValues.filter((v) => v !== s.value)
                        : [...statusValues, s.value],
                    })
                  }
                />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </CandidateFilterPanel>
  )
}
