'use client'

import { useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { FilterPanel } from '@/components/ui/filter-panel'
import { VISIBLE_PLACE_TAGS } from '@/lib/constants'
import { directoryQuery, type DirectoryParams } from '@/lib/offers/directory-params'

export type DirectoryOptions = { challenges: Option[]; financingModes: Option[]; places: Option[] }

/** The directory's filter bar: offer name (2+ characters or emptied, 750 ms), challenges, financing modes, places; all in the URL. */
export function DirectoryFilters({ params, options }: { params: DirectoryParams; options: DirectoryOptions }) {
  const router = useRouter()
  const pathname = usePathname()
  const { text, setText, set, applied } = useDebouncedSearch(params.search, (value) => go({ search: value }))
  const [pending, startTransition] = useTransition()

  // The choices show at once; the URL (and the server's list) follow.
  // New params from the server (a navigation) replace them, checked while rendering.
  const [chosen, setChosen] = useState(params)
  const paramsKey = directoryQuery(params)
  const [chosenKey, setChosenKey] = useState(paramsKey)
  if (chosenKey !== paramsKey) {
    setChosenKey(paramsKey)
    setChosen(params)
  }

  function go(next: Partial<DirectoryParams>) {
    const state = { ...chosen, search: applied(), ...next, page: 1 }
    setChosen(state)
    startTransition(() => router.replace(`${pathname}${directoryQuery(state)}`, { scroll: false }))
  }

  return (
    <FilterPanel
      label="Filtrer les offres"
      busy={pending}
      onReset={() => {
        set('')
        setChosen({ search: '', challengeIds: [], financingModes: [], places: [], page: 1 })
        startTransition(() => router.replace(pathname, { scroll: false }))
      }}
    >
      <SearchField label="Rechercher une offre" value={text} onChange={setText} placeholder="Nom de l’offre" />
      <MultiSelect
        label="Défi"
        options={options.challenges}
        value={chosen.challengeIds}
        onChange={(v) => go({ challengeIds: v })}
      />
      <MultiSelect
        label="Mode de financement"
        options={options.financingModes}
        value={chosen.financingModes}
        onChange={(v) => go({ financingModes: v })}
      />
      <MultiSelect
        label="Lieu"
        options={options.places}
        value={chosen.places}
        onChange={(v) => go({ places: v })}
        visibleTags={VISIBLE_PLACE_TAGS}
      />
    </FilterPanel>
  )
}
