'use client'

import { useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { useHydrated } from '@/components/ui/use-hydrated'

export type UrlSelect = { name: string; label: string; options: { value: string; label: string }[] }

/**
 * A directory list's filter bar (structures, enterprises, job offers): a search box (2+ characters or emptied,
 * 750 ms, spec §5 and §9) and single-choice selects, all in the URL; any change goes back to page 1.
 */
export function UrlFilters({
  label,
  searchLabel,
  placeholder,
  values,
  selects,
  hideSearch,
}: {
  label: string
  searchLabel: string
  placeholder: string
  values: Record<string, string>
  selects: UrlSelect[]
  hideSearch?: boolean
}) {
  const router = useRouter()
  const pathname = usePathname()
  const [pending, startTransition] = useTransition()
  const [chosen, setChosen] = useState(values)
  const hydrated = useHydrated()
  // New values from the server (a navigation) replace the choices, checked while rendering.
  const key = JSON.stringify(values)
  const [chosenKey, setChosenKey] = useState(key)
  if (chosenKey !== key) {
    setChosenKey(key)
    setChosen(values)
  }
  const { text, setText, set, applied } = useDebouncedSearch(values.q ?? '', (q) => go({ q }))

  function go(next: Record<string, string>) {
    const state = { ...chosen, q: applied(), ...next }
    setChosen(state)
    const query = new URLSearchParams(Object.entries(state).filter(([k, v]) => v && k !== 'page'))
    const s = query.toString()
    startTransition(() => router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false }))
  }

  return (
    <FilterPanel
      label={label}
      busy={pending}
      onReset={() => {
        set('')
        setChosen({})
        startTransition(() => router.replace(pathname, { scroll: false }))
      }}
    >
      {!hideSearch && <SearchField label={searchLabel} value={text} onChange={setText} placeholder={placeholder} />}
      {selects.map((s) => (
        <FilterSelect
          key={s.name}
          label={s.label}
          value={chosen[s.name] ?? ''}
          onChange={(e) => go({ [s.name]: e.target.value })}
          // The server renders the choice made (and "all"); the browser adds the others once hydrated. These selects
          // act through the router, so they wait for it anyway, and a long one (200 enterprises) cost its page a
          // quarter of its render on the server.
          options={hydrated ? s.options : s.options.filter((o) => o.value === '' || o.value === (chosen[s.name] ?? ''))}
        />
      ))}
    </FilterPanel>
  )
}
