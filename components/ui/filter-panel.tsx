'use client'

import { useId } from 'react'
import { clsx } from 'clsx'
import { Button } from './button'

/** The height, border and type of every control of a filter bar: search, select, multi-select, date. */
export const FILTER_CONTROL = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm'

/**
 * The one filter bar of the lists (candidates, offers, prescriptions, structures, enterprises, statistics,
 * consultations…): a labelled search landmark holding its controls (SearchField, FilterSelect, FilterCombobox,
 * MultiSelect, FilterCheckbox, FilterDate) and "Réinitialiser" at its end. One model everywhere (issue 42 §2): filters apply as they
 * change and live in the URL (useUrlFilters), so there is no submit button; `busy` while the page follows.
 */
export function FilterPanel({
  label,
  busy,
  onReset,
  children,
}: {
  label: string
  busy?: boolean
  onReset?: () => void
  children: React.ReactNode
}) {
  return (
    <div
      role="search"
      aria-label={label}
      aria-busy={busy}
      className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {children}
      {onReset && (
        <Button variant="ghost" onClick={onReset}>
          Réinitialiser
        </Button>
      )}
    </div>
  )
}

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
  label: string
  options: { value: string; label: string }[]
  /** A narrow bar keeps a select of long names (offers) from taking a whole line. */
  wide?: boolean
}

/** A single-choice filter: its label above, the same height as the search box. */
export function FilterSelect({ label, options, wide, ...select }: SelectProps) {
  const id = useId()
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={clsx(FILTER_CONTROL, 'w-full sm:w-auto', wide ? 'sm:max-w-80' : 'sm:max-w-64')}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A date bound of a filter (from, to): a day, or a month where the figures are monthly (statistics). */
export function FilterDate({
  label,
  type = 'date',
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: string
  type?: 'date' | 'month'
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type={type} className={FILTER_CONTROL} {...input} />
    </div>
  )
}

/** A yes/no filter, aligned with the controls' boxes. */
export function FilterCheckbox({
  label,
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: string }) {
  return (
    <label className="flex h-9 items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="h-4 w-4 accent-brand-700" {...input} />
      {label}
    </label>
  )
}
