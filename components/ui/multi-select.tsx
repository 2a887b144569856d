'use client'

import { Icon } from '@/components/ui/icon'
import { useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { placeUnder } from './anchored'

export type Option = { value: string; label: string }

/**
 * A multi-select: a button that opens a list of checkboxes; the chosen values show as tags,
 * at most `visibleTags` of them (spec §9: 3), then '+N'. The list is the browser's own popover
 * (light dismiss, Escape, next in the focus order after the button). Its checkboxes are rendered when it first opens,
 * not with the page: a partner's places filter holds a hundred of them, hidden until then.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  visibleTags = 3,
  placeholder = 'Tous',
}: {
  label: string
  options: Option[]
  value: string[]
  onChange: (value: string[]) => void
  visibleTags?: number
  placeholder?: string
}) {
  const labelId = useId()
  const listId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    const el = list.current
    if (!el) return
    // Before it shows: its checkboxes are there (rendered at once) when the popover appears.
    const render = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') flushSync(() => setOpened(true))
    }
    const place = (e: Event) => {
      const open = (e as ToggleEvent).newState === 'open'
      button.current?.setAttribute('aria-expanded', String(open))
      if (open && button.current) placeUnder(button.current, el, { offset: 4, align: 'start' })
    }
    el.addEventListener('beforetoggle', render)
    el.addEventListener('toggle', place)
    return () => {
      el.removeEventListener('beforetoggle', render)
      el.removeEventListener('toggle', place)
    }
  }, [])
  const selected = options.filter((o) => value.includes(o.value))
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v])
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-800" id={labelId}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        popoverTarget={listId}
        aria-labelledby={labelId}
        aria-expanded={false}
        className="flex min-h-9 w-full items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-left text-sm sm:w-auto sm:min-w-56"
      >
        <span className="flex flex-1 flex-wrap gap-1">
          {selected.length === 0 && <span className="text-slate-500">{placeholder}</span>}
          {selected.slice(0, visibleTags).map((o) => (
            <span key={o.value} className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">
              {o.label}
            </span>
          ))}
          {selected.length > visibleTags && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">+{selected.length - visibleTags}</span>
          )}
        </span>
        <Icon name="chevron-down" size={16} />
      </button>
      <div
        ref={list}
        id={listId}
        popover="auto"
        className="z-50 max-h-72 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg"
      >
        <fieldset>
          <legend className="sr-only">{label}</legend>
          {opened &&
            options.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={value.includes(o.value)}
                  onChange={() => toggle(o.value)}
                />
                {o.label}
              </label>
            ))}
        </fieldset>
        {value.length > 0 && (
          <button
            type="button"
            onClick={() => onChange([])}
            className="mt-1 flex items-center gap-1 rounded px-2 py-1 text-xs text-brand-700 hover:bg-slate-50"
          >
            <Icon name="x" size={12} /> Tout désélectionner
          </button>
        )}
      </div>
    </div>
  )
}
