'use client'

import { useCallback, useState } from 'react'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import type { PickedCandidate } from '@/lib/candidates/pickable'
import { fullName, listName } from '@/lib/person-name'

/**
 * The state of a "pick several candidates" dialog (register to a workshop, enrol in a course, place on a job offer):
 * the search box (lib/candidates/pickable.ts on the server, through the dialog's action), the results and the chosen
 * ones in the order they were ticked; all emptied by `reset`, which the dialog calls as it closes.
 */
export function useCandidateChecklist(search: (text: string) => Promise<PickedCandidate[]>) {
  const [found, setFound] = useState<PickedCandidate[]>([])
  const [chosen, setChosen] = useState<Map<string, string>>(new Map())
  const [searching, setSearching] = useState(false)
  const { text, setText, set } = useDebouncedSearch('', async (value) => {
    if (!value) return setFound([])
    setSearching(true)
    setFound(await search(value).catch(() => []))
    setSearching(false)
  })
  const reset = useCallback(() => {
    set('')
    setFound([])
    setChosen(new Map())
  }, [set])
  const toggle = useCallback(
    (c: PickedCandidate) =>
      setChosen((m) => {
        const next = new Map(m)
        if (next.has(c.id)) next.delete(c.id)
        else next.set(c.id, fullName(c))
        return next
      }),
    [],
  )
  return { text, setText, found, chosen, searching, toggle, reset }
}

/**
 * The search box and the results as a list of labelled checkboxes; a candidate already there (`taken`: registered,
 * enrolled, placed) is shown with `takenLabel` and cannot be ticked.
 */
export function CandidateChecklist({
  picker,
  takenLabel,
  showPlace = true,
  announceResults = false,
}: {
  picker: ReturnType<typeof useCandidateChecklist>
  takenLabel: string
  showPlace?: boolean
  /** A polite live line: searching, or nobody found. */
  announceResults?: boolean
}) {
  const { text, setText, found, chosen, searching, toggle } = picker
  return (
    <>
      <SearchField
        label="Rechercher un candidat"
        value={text}
        onChange={setText}
        placeholder="Nom, téléphone ou email"
      />
      {announceResults && (
        <div aria-live="polite" className="text-sm text-slate-700">
          {searching ? 'Recherche…' : text.trim().length >= 2 && found.length === 0 ? 'Aucun candidat trouvé.' : ''}
        </div>
      )}
      {found.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Résultats</legend>
          <ul className="flex flex-col gap-1">
            {found.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={chosen.has(c.id)} disabled={c.taken} onChange={() => toggle(c)} />
                  {listName(c)}
                  {showPlace && c.place && <span className="text-slate-600">· {c.place}</span>}
                  {c.taken && <span className="text-slate-600">({takenLabel})</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  )
}
