'use client'

import { useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { FilterCombobox, type ComboboxChoice } from '@/components/ui/filter-combobox'
import { FilterPanel, FilterSelect } from '@/components/ui/filter-panel'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'

export type UrlSelect = { name: string; label: string; options: { value: string; label: string }[] }
/**
 * A choice among more lines than a select should carry (an organisation's thousands of enterprises): searched on the
 * server as one types (`search`, a read action), the URL's choice named by the page (`chosen`).
 */
export type UrlCombobox = {
  name: string
  label: string
  allLabel: string
  empty: string
  chosen: ComboboxChoice | null
  search: (text: string) => Promise<ComboboxChoice[] | null>
}

/**
 * A directory list's filter bar (structures, enterprises, job offers): a search box (2+ characters or emptied,
 * 750 ms, spec §5 and §9) and single-choice selects or comboboxes, all in the URL; any change goes back to page 1.
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
  selects: (UrlSelect | UrlCombobox)[]
  hideSearch?: boolean
}) {
  const router = useRouter()
  const pathname = usePathname()
  const [pending, startTransition] = useTransition()
  const [chosen, setChosen] = useState(values)
  // New values from the server (a navigation) replace the choices, checked while rendering.
  const key = JSON.stringify(values)
  const [chosenKey, setChosenKey] = useState(key)
  if (chosenKey !== key) {
    setChosenKey(key)
    setChosen(values)
  }
  const { text, setText, set, applied } = useDebouncedSearch(values.q ?? '', (q) => go({ q }))
  // A line just picked in a combobox, named at once while the page follows (the server then names it in `chosen`).
  const [picked, setPicked] = useState<ComboboxChoice | null>(null)

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
      {selects.map((s) =>
        'search' in s ? (
          <FilterCombobox
            key={s.name}
            label={s.label}
            allLabel={s.allLabel}
            empty={s.empty}
            value={[picked, s.chosen].find((c) => c && c.id === chosen[s.name]) ?? null}
            onChange={(choice) => {
              setPicked(choice)
              go({ [s.name]: choice?.id ?? '' })
            }}
            search={s.search}
          />
        ) : (
          <FilterSelect
            key={s.name}
            label={s.label}
            value={chosen[s.name] ?? ''}
            onChange={(e) => go({ [s.name]: e.target.value })}
            options={s.options}
          />
        ),
      )}
    </FilterPanel>
  )
}
