'use client'

import { useEffect } from 'react'
import { CandidateFilterPanel } from '@/components/candidates/candidate-filter-panel'
import { FilterCheckbox } from '@/components/ui/filter-panel'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { FOLLOW_UP_LABELS, INVITATION_FILTERS, type InvitationFilter } from '@/lib/invitations/follow-up'

export type DashboardFilterOptions = { places: Option[]; statuses: Option[]; referents: Option[] }
type Filters = {
  placeIds: string[]
  statusIds: string[]
  referentIds: string[]
  placed: boolean
  invitationStates: InvitationFilter[]
}

/** "Invitation": the states of a theme's latest invitation a counsellor acts on. */
const INVITATION_OPTIONS: Option[] = INVITATION_FILTERS.map((s) => ({ value: s, label: FOLLOW_UP_LABELS[s] }))
const isInvitationFilter = (v: string): v is InvitationFilter => (INVITATION_FILTERS as readonly string[]).includes(v)

/**
 * Search (applied from 2 characters, or when emptied, 750 ms after the last keystroke), place (3 tags visible),
 * status, referent and invitation multi-selects, "Placé sur une offre", reset.
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
  const box = useDebouncedSearch(search, onSearch)
  const { set, applied } = box

  // A search brought back by the back button: the box shows it.
  useEffect(() => {
    if (search.trim() !== applied()) set(search)
  }, [search, set, applied])

  return (
    <CandidateFilterPanel
      search={box}
      places={options.places}
      placeIds={filters.placeIds}
      onPlaces={(v) => onChange({ placeIds: v })}
      onReset={onReset}
    >
      <MultiSelect
        label="Statut"
        options={options.statuses}
        value={filters.statusIds}
        onChange={(v) => onChange({ statusIds: v })}
      />
      <MultiSelect
        label="Référent"
        options={options.referents}
        value={filters.referentIds}
        onChange={(v) => onChange({ referentIds: v })}
      />
      <MultiSelect
        label="Invitation"
        options={INVITATION_OPTIONS}
        value={filters.invitationStates}
        onChange={(v) => onChange({ invitationStates: v.filter(isInvitationFilter) })}
      />
      <FilterCheckbox
        label="Placé sur une offre"
        checked={filters.placed}
        onChange={(e) => onChange({ placed: e.target.checked })}
      />
    </CandidateFilterPanel>
  )
}
