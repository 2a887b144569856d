'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { clsx } from 'clsx'
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants'
import { FILTER_CONTROL } from './filter-panel'
import { Icon } from './icon'

export type ComboboxChoice = { id: string; name: string }

/**
 * A single-choice filter among more lines than a select should carry (a big organisation's few hundred partner
 * structures): a text box that searches them on the server as one types (`search`, a read action: the text travels in
 * its body) and lists the first ones, « `allLabel` » first to filter nothing. WAI-ARIA's combobox with a list popup:
 * ↓ opens the list and moves in it, ↑ moves back, Entrée chooses, Échap closes it; leaving the box keeps the choice.
 */
export function FilterCombobox({
  label,
  allLabel,
  value,
  onChange,
  search,
  empty,
}: {
  label: string
  /** The line that filters nothing, first in the list and the box's placeholder (« Toutes »). */
  allLabel: string
  value: ComboboxChoice | null
  onChange: (choice: ComboboxChoice | null) => void
  /** The lines holding the text (all of them for ''), the first ones; null when the search failed. */
  search: (text: string) => Promise<ComboboxChoice[] | null>
  /** What the list says when no line holds the text. */
  empty: string
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  // The text typed since the list opened; null while the box shows the choice.
  const [typed, setTyped] = useState<string | null>(null)
  const { found, failed, loading, retry } = useSearch(open, typed ?? '', search)
  // « Toutes » heads the list until a text is typed; then the first line found is the one Entrée chooses.
  const lines: (ComboboxChoice | null)[] = typed?.trim() ? (found ?? []) : [null, ...(found ?? [])]
  const [chosenLine, setActive] = useState(0)
  const active = Math.max(0, Math.min(chosenLine, lines.length - 1))
  const listRef = useRef<HTMLUListElement>(null)

  const close = () => {
    setOpen(false)
    setTyped(null)
    retry()
  }
  const choose = (choice: ComboboxChoice | null) => {
    close()
    if (choice?.id !== value?.id) onChange(choice)
  }
  const move = (by: number) => {
    if (!open) return setOpen(true)
    setActive(Math.min(lines.length - 1, Math.max(0, active + by)))
  }
  useEffect(() => {
    listRef.current?.querySelector(`[data-line="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const optionId = (i: number) => `${id}-option-${i}`
  return (
    <div className="relative flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && lines.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder={allLabel}
          className={clsx(FILTER_CONTROL, 'w-full pr-8 sm:w-72')}
          value={typed ?? value?.name ?? ''}
          onChange={(e) => {
            setTyped(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') move(1)
            else if (e.key === 'ArrowUp') move(-1)
            else if (e.key === 'Enter' && open) {
              if (!loading && lines.length > 0) choose(lines[active] ?? null)
            } else if (e.key === 'Escape' && open) close()
            else return
            e.preventDefault()
          }}
        />
        {/* Drawn as a select's arrow: the box opens a list. */}
        <Icon
          name="chevron-down"
          size={16}
          className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 text-slate-500"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {open && !loading && found ? `${found.length} résultat${found.length > 1 ? 's' : ''}` : ''}
      </p>
      <div
        hidden={!open}
        className="absolute top-full z-20 mt-1 w-full min-w-64 rounded-md border border-slate-300 bg-white shadow-lg sm:w-96"
      >
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-label={`Choix pour «\u00a0${label}\u00a0»`}
          className="max-h-72 overflow-y-auto py-1"
        >
          {lines.map((line, i) => (
            <li
              key={line?.id ?? ''}
              id={optionId(i)}
              data-line={i}
              role="option"
              aria-selected={(line?.id ?? null) === (value?.id ?? null)}
              // The box keeps the focus: a click chooses without leaving it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(line)}
              onMouseMove={() => setActive(i)}
              className={clsx(
                'cursor-pointer px-3 py-1.5 text-sm',
                i === active && 'bg-brand-50',
                !line && 'font-medium',
              )}
            >
              {line?.name ?? allLabel}
            </li>
          ))}
        </ul>
        {(failed || (loading && !found) || found?.length === 0) && (
          <p className="border-t border-slate-100 px-3 py-1.5 text-sm text-slate-600">
            {failed ? 'La recherche a échoué. Réessayez dans un instant.' : loading ? 'Recherche…' : empty}
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * The lines for the text, once the list is open: at once for the first read and for the empty text, else
 * SEARCH_DEBOUNCE_MS after the last key; an answer to an earlier text arriving late is dropped. Until the text's own
 * answer arrives, the last one stays shown and `loading` is true (Entrée then waits for it). A failed search is asked
 * again when the list opens next (`retry`).
 */
function useSearch(open: boolean, text: string, search: (text: string) => Promise<ComboboxChoice[] | null>) {
  // The answer and what it answered: the text, and the search (another search, e.g. in another scope, asks again).
  const [answer, setAnswer] = useState<{
    q: string
    search: typeof search
    lines: ComboboxChoice[] | null
  } | null>(null)
  const request = useRef(0)
  const q = text.trim()
  const answered = answer?.q === q && answer.search === search
  useEffect(() => {
    if (!open || answered) return
    const timer = setTimeout(
      async () => {
        const n = ++request.current
        const lines = await search(q).catch(() => null)
        if (n === request.current) setAnswer({ q, search, lines })
      },
      answer === null || q === '' ? 0 : SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [open, q, answered, answer, search])
  return {
    found: answer?.lines ?? null,
    loading: !answered,
    failed: answered && answer.lines === null,
    retry: () => answer?.lines === null && setAnswer(null),
  }
}
