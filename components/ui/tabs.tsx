'use client'

import { useId, useRef } from 'react'
import { clsx } from 'clsx'

export type TabItem<V extends string> = { value: V; label: React.ReactNode; content: React.ReactNode }

/**
 * Tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys / Home / End move and select, each panel labelled by its
 * tab. Controlled, so that the URL can hold the selected tab. Only the selected panel is rendered.
 */
export function Tabs<V extends string>({
  value,
  onValueChange,
  items,
  label,
}: {
  value: V
  onValueChange: (v: V) => void
  items: TabItem<V>[]
  label: string
}) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const index = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  )
  const select = (i: number) => {
    const item = items[(i + items.length) % items.length]!
    onValueChange(item.value)
    list.current?.querySelector<HTMLButtonElement>(`[data-value="${item.value}"]`)?.focus()
  }
  const onKeyDown = (e: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    }
    if (e.key in moves) {
      e.preventDefault()
      select(moves[e.key]!)
    }
  }
  const current = items[index]
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="mb-4 flex flex-wrap gap-1 border-b border-slate-200"
      >
        {items.map((item) => {
          const active = item.value === current?.value
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              data-value={item.value}
              aria-selected={active}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={clsx(
                '-mb-px border-b-2 px-4 py-2 text-sm hover:text-slate-900',
                active ? 'border-brand-700 font-semibold text-brand-800' : 'border-transparent text-slate-700',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.value}`}
          aria-labelledby={`${base}-tab-${current.value}`}
          tabIndex={0}
        >
          {current.content}
        </div>
      )}
    </div>
  )
}
