'use client'

import { FilterPanel } from '@/components/ui/filter-panel'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { SearchField } from '@/components/ui/search-field'
import type { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { VISIBLE_PLACE_TAGS } from '@/lib/constants'

/**
 * What the two candidate filter bars share (candidates dashboard, offer page): the search box (its text from
 * useDebouncedSearch, owned by the bar), the residence places (3 tags visible), then the bar's own controls, and
 * 'Réinitialiser', which also empties the box without searching.
 */
export function CandidateFilterPanel({
  search,
  places,
  placeIds,
  onPlaces,
  onReset,
  children,
}: {
  search: ReturnType<typeof useDebouncedSearch>
  places: Option[]
  placeIds: string[]
  onPlaces: (placeIds: string[]) => void
  onReset: () => void
  children?: React.ReactNode
}) {
  return (
    <FilterPanel
      label="Filtrer les candidats"
      onReset={() => {
        search.set('')
        onReset()
      }}
    >
      <SearchField
        label="Rechercher un candidat"
        value={search.text}
        onChange={search.setText}
        placeholder="Nom, téléphone, email"
      />
      <MultiSelect
        label="Lieu de résidence"
        options={places}
        value={placeIds}
        onChange={onPlaces}
        visibleTags={VISIBLE_PLACE_TAGS}
      />
      {children}
    </FilterPanel>
  )
}
