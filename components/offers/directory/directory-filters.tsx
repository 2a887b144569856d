'use client'

import { useEffect, useId, useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import { MultiSelect, type Option } from '@/components/ui/multi-select'
import { VISIBLE_PLACE_TAGS } from '@/lib/constants'
import { directoryQuery, type DirectoryParams } from '@/lib/offers/directory-params'

export type DirectoryOptions = { challenges: Option[]; financingModes: Option[]; places: Option[] }

/** The directory's filter bar: offer name (2+ characters or emptied, 750 ms), challenges, financing modes, places; all in the URL. */
export function DirectoryFilters({ params, options }: { params: DirectoryParams; options: DirectoryOptions }) {
  const router = useRouter()
  const pathname = usePathname()
  const searchId = useId()
  const { text, setText, set, applied } = useDebouncedSearch(params.search, (value) => go({ search: value }))
  const [pending, startTransition] = useTransition()

  // The choices show at once; the URL (and the server's list) follow.
  const [chosen, setChosen] = useState(params)
  const paramsKey = directoryQuery(params)
  useEffect(() => setChosen(params), [paramsKey]) // eslint-disable-line react-hooks/exhaustive-deps

  const go = (next: Partial<DirectoryParams>) => {
    const state = { ...chosen, search: applied(), ...next, page: 1 }
    setChosen(state)
    startTransition(() => router.replace(`${pathname}${directoryQuery(state)}`, { scroll: false }))
  }


  return (
    <div role="search" aria-label="Filtrer les offres" aria-busy={pending} className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Rechercher une offre
        </label>
        <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2">
          <Search aria-hidden size={16} className="text-slate-500" />
          <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Nom de l’offre" className="w-56 py-1.5 text-sm outline-none" autoComplete="off" />
        </div>
      </div>
      <MultiSelect label="Défi" options={options.challenges} value={chosen.challengeIds} onChange={(v) => go({ challengeIds: v })} />
      <MultiSelect label="Mode de financement" options={options.financingModes} value={chosen.financingModes} onChange={(v) => go({ financingModes: v })} />
      <MultiSelect label="Lieu" options={options.places} value={chosen.places} onChange={(v) => go({ places: v })} visibleTags={VISIBLE_PLACE_TAGS} />
      <Button
        variant="ghost"
        onClick={() => {
          set('')
          setChosen({ search: '', challengeIds: [], financingModes: [], places: [], page: 1 })
          startTransition(() => router.replace(pathname, { scroll: false }))
        }}
      >
        Réinitialiser
      </Button>
    </div>
  )
}
