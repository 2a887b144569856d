'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { Icon } from '@/components/ui/icon'
import { clsx } from 'clsx'
import { searchCandidatesAction } from '@/lib/prescriptions/actions-referent'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@/lib/constants'

type Found = { id: string; name: string; detail: string }

/**
 * The organisation's candidates, searched on the server (2+ characters or emptied, 750 ms debounce; the text
 * travels in a POST body, never in a URL), shown as a radio group: keyboard-usable and labelled.
 */
export function CandidatePicker({
  value,
  onChange,
  error,
}: {
  value: Found | null
  onChange: (c: Found) => void
  error?: string
}) {
  const id = useId()
  const { text, setText, found, loading } = useCandidateSearch()
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">
        Candidat<span aria-hidden> *</span>
      </legend>
      <label htmlFor={`${id}-search`} className="sr-only">
        Rechercher un candidat
      </label>
      <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2">
        <Icon name="search" size={16} className="text-slate-500" />
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          // The search runs as one types; Enter here must not send the prescription around it.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          placeholder="Rechercher par nom, téléphone, email"
          className="w-full py-1.5 text-sm outline-none"
          autoComplete="off"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {loading
          ? 'Recherche en cours'
          : found
            ? `${found.length} candidat${found.length > 1 ? 's' : ''} trouvé${found.length > 1 ? 's' : ''}`
            : ''}
      </p>
      <div className="max-h-52 overflow-y-auto rounded-md border border-slate-200">
        {found && found.length === 0 && (
          <p className="px-3 py-2 text-sm text-slate-600">Aucun candidat ne correspond à cette recherche.</p>
        )}
        {!found && <p className="px-3 py-2 text-sm text-slate-600">Chargement…</p>}
        {found?.map((c) => (
          <label
            key={c.id}
            className={clsx(
              'flex cursor-pointer items-start gap-2 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0',
              value?.id === c.id && 'bg-brand-50',
            )}
          >
            <input
              type="radio"
              name={`${id}-candidate`}
              className="mt-0.5 h-4 w-4 accent-brand-700"
              checked={value?.id === c.id}
              onChange={() => onChange(c)}
            />
            <span>
              <span className="font-medium">{c.name}</span>
              {c.detail && <span className="block text-xs text-slate-600">{c.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The latest search's candidates (null until the first answer); an earlier answer arriving late is dropped. */
function useCandidateSearch() {
  const [text, setText] = useState('')
  const [found, setFound] = useState<Found[] | null>(null)
  const [loading, setLoading] = useState(false)
  const request = useRef(0)
  const applied = useRef<string | null>(null)
  useEffect(() => {
    const q = text.trim()
    if (q === applied.current || (q.length > 0 && q.length < SEARCH_MIN_LENGTH)) return
    const timer = setTimeout(
      async () => {
        applied.current = q
        const n = ++request.current
        setLoading(true)
        const result = await searchCandidatesAction(q).catch(() => null)
        if (n !== request.current) return
        setLoading(false)
        setFound(result?.ok ? result.candidates : [])
      },
      applied.current === null ? 0 : SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [text])
  return { text, setText, found, loading }
}
