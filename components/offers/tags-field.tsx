'use client'

import { Icon } from '@/components/ui/icon'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { tagOf, thematiqueLabel, thematiqueOfLabel, THEMATIQUES } from '@/lib/offers/thematiques'

/**
 * Tags as a person reads them, a challenge's or a social offer's: each data·inclusion thématique by its
 * name; a tag of the organisation's own, which has no name, as the word its offers carry, said to be one. Added by
 * name (the thématiques are proposed) or as a new word; removed one by one. The order is kept (a challenge's first
 * tag is its main one). Long names wrap, never cut.
 */
export function TagsField({
  label,
  owner,
  tags,
  onChange,
  error,
  emptyText,
}: {
  label: string
  /** Whose tags, for the controls' names: { of: 'du frein Santé', to: 'au frein Santé', self: 'ce frein' }. */
  owner: { of: string; to: string; self: string }
  tags: string[]
  onChange: (tags: string[]) => void
  error?: string
  emptyText: string
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const proposals = THEMATIQUES.filter((t) => !tags.includes(t.value))

  function add() {
    const typed = text.trim()
    if (!typed) return
    const tag = thematiqueOfLabel(typed) ?? tagOf(typed)
    if (!tag) return setNotice('Écrivez le nom d’une thématique ou une étiquette avec des lettres ou des chiffres.')
    setNotice(tags.includes(tag) ? `«\u00a0${nameOf(tag)}\u00a0» est déjà une étiquette de ${owner.self}.` : null)
    if (!tags.includes(tag)) onChange([...tags, tag])
    setText('')
  }

  const describedBy = [error && `${id}-error`, notice && `${id}-notice`].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {tags.map((tag) => {
            const name = thematiqueLabel(tag)
            return (
              <li
                key={tag}
                className="flex min-w-0 max-w-full items-start gap-1 rounded-md border border-slate-200 bg-slate-50 py-1 pl-2 pr-1 text-sm"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {name ?? tag}
                  {!name && <span className="text-slate-600"> — étiquette libre</span>}
                </span>
                <button
                  type="button"
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                  aria-label={`Retirer l’étiquette ${name ?? tag} ${owner.of}`}
                  className="shrink-0 rounded p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                >
                  <Icon name="x" size={14} />
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{emptyText}</p>
      )}
      <div className="flex max-w-xl flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={`${id}-add`} className="text-sm text-slate-700">
            Ajouter une étiquette<span className="sr-only"> {owner.to}</span>
          </label>
          <input
            id={`${id}-add`}
            list={`${id}-list`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            // A word typed and left (to save the form, say) is added, not lost.
            onBlur={add}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              add()
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <datalist id={`${id}-list`}>
            {proposals.map((t) => (
              <option key={t.value} value={t.label} />
            ))}
          </datalist>
        </div>
        <Button variant="secondary" onClick={add}>
          Ajouter
          <span className="sr-only"> l’étiquette {owner.to}</span>
        </Button>
      </div>
      {notice && (
        <p id={`${id}-notice`} role="status" className="text-sm text-slate-700">
          {notice}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

const nameOf = (tag: string) => thematiqueLabel(tag) ?? tag
