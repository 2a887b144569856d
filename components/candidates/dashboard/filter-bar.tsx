'use client'

import { useEffect, useId } from 'react'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { SEARCH_MIN_LENGTH, VISIBLE_PLACE_TAGS } from '@/lib/constants'

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
  const searchId = useId()
  const hintId = useId()
  const { text, setText, set, applied } = useDebouncedSearch(search, onSearch)

  // A search brought back by the back button: the box shows it.
  useEffect(() => {
    if (search.trim() !== applied()) set(search)
  }, [search, set, applied])

  return (
    <div role="search" aria-label="Filtrer les candidats" className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex w-full flex-col gap-1 sm:w-auto">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Rechercher un candidat
        </label>
        <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2 focus-within:ring-2 focus-within:ring-brand-700">
          <Search aria-hidden size={16} className="text-slate-500" />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Nom, téléphone, email"
            aria-describedby={hintId}
            className="w-full py-1.5 text-sm outline-none sm:w-56"
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <span id={hintId} className="sr-only">
          La recherche s’applique à partir de {SEARCH_MIN_LENGTH} caractères.
        </span>
      </div>
      <MultiSelect label="Lieu de résidence" options={options.places} value={filters.placeIds} onChange={(v) => onChange({ placeIds: v })} visibleTags={VISIBLE_PLACE_TAGS} />
      <MultiSelect label="Statut" options={options.statuses} value={filters.statusIds} onChange={(v) => onChange({ statusIds: v })} />
      <MultiSelect label="Référent" options={options.referents} value={filters.referentIds} onChange={(v) => onChange({ referentIds: v })} />
      <Button
        variant="ghost"
        onClick={() => {
          set('')
          onReset()
        }}
      >
        Réinitialiser
      </Button>
    </div>
  )
}
