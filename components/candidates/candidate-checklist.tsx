'use client'

import { useCallback, useState } from 'react'
import { ListFailure } from '@/components/ui/list-failure'
import { requestSequence } from '@/components/ui/request-sequence'
import { SearchField } from '@/components/ui/search-field'
import { useDebouncedSearch } from '@/components/ui/use-debounced-search'
import type { PickedCandidate } from '@/lib/candidates/pickable'
import { fullName, listName } from '@/lib/person-name'

/**
 * The state of a "pick several candidates" dialog (register to a workshop, enrol in a course, place on a job offer):
 * the search box (lib/candidates/pickable.ts on the server, through the dialog's action), the results and the chosen
 * ones in the order they were ticked; all emptied by `reset`, which the dialog calls as it closes. The latest search
 * wins (an earlier answer arriving late is dropped); a failed one shows no results but "La recherche a échoué" and
 * "Réessayer".
 */
export function useCandidateChecklist(search: (text: string) => Promise<PickedCandidate[]>) {
  const [found, setFound] = useState<PickedCandidate[]>([])
  const [chosen, setChosen] = useState<Map<string, string>>(new Map())
  const [searching, setSearching] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const [sequence] = useState(requestSequence)
  const run = useCallback(
    async (value: string) => {
      const latest = sequence.start()
      setFailed(null)
      if (!value) {
        setSearching(false)
        return setFound([])
      }
      setSearching(true)
      const answer = await search(value).then(
        (rows) => ({ rows }),
        () => null,
      )
      if (!latest()) return
      setSearching(false)
      if (answer) setFound(answer.rows)
      else {
        setFound([])
        setFailed(value)
      }
    },
    [search, sequence],
  )
  const { text, setText, set } = useDebouncedSearch('', run)
  const retry = useCallback(() => {
    if (failed) void run(failed)
  }, [failed, run])
  const reset = useCallback(() => {
    sequence.cancel()
    set('')
    setFound([])
    setFailed(null)
    setSearching(false)
    setChosen(new Map())
  }, [set, sequence])
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
  return { text, setText, found, chosen, searching, failed: failed !== null, retry, toggle, reset }
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
  const { text, setText, found, chosen, searching, failed, retry, toggle } = picker
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
          {searching
            ? 'Recherche…'
            : !failed && text.trim().length >= 2 && found.length === 0
              ? 'Aucun candidat trouvé.'
              : ''}
        </div>
      )}
      {failed && <ListFailure error="Vérifiez votre connexion, puis réessayez." onRetry={retry} />}
      {found.length > 0 && (
        <fieldset aria-busy={searching || undefined} className={searching ? 'opacity-50' : undefined}>
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
