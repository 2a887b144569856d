'use client'

import { useEffect } from 'react'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { FilterPanel } from '@/components/ui/filter-panel'
import { VISIBLE_PLACE_TAGS } from '@/lib/constants'

export type DashboardFilterOptions = { places: Option[]; statuses: Option[]; referents: Option[] }
type Filters = { placeIds: string[]; statusIds: string[]; referentIds: string[] }

/**
 * Search (applied from 2 characters, or when emptied, 750 ms after the last keystroke), place (3 tags visible),
 * status and referent multi-selects, reset.
 */
export function CandidateFilterBar({
  options,
  search,
  filters,
  onSearch,
  onChange,
  onReset,
}: {
  options: DashboardFilterOptions
  /** The search applied (kept in the page and its history entry, never in the URL). */
  search: string
  filters: Filters
  onSearch: (search: string) => void
  onChange: (filters: Partial<Filters>) => void
  onReset: () => void
}) {
  const { text, setText, set, applied } = useDebouncedSearch(search, onSearch)

  // A search brought back by the back button: the box shows it.
  useEffect(() => {
    if (search.trim() !== applied()) set(search)
  }, [search, set, applied])

  return (
    <FilterPanel
      label="Filtrer les candidats"
      onReset={() => {
        set('')
        onReset()
      }}
    >
      <SearchField label="Rechercher un candidat" value={text} onChange={setText} placeholder="Nom, téléphone, email" />
      <MultiSelect label="Lieu de résidence" options={options.places} value={filters.placeIds} onChange={(v) => onChange({ placeIds: v })} visibleTags={VISIBLE_PLACE_TAGS} />
      <MultiSelect label="Statut" options={options.statuses} value={filters.statusIds} onChange={(v) => onChange({ statusIds: v })} />
      <MultiSelect label="Référent" options={options.referents} value={filters.referentIds} onChange={(v) => onChange({ referentIds: v })} />
    </FilterPanel>
  )
}
