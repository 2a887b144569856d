'use client'

import { Icon } from '@/components/ui/icon'
import { useId } from 'react'
import { SEARCH_MIN_LENGTH } from '@/lib/constants'

/** The filter bars' search box: labelled, with the rule (from 2 characters) announced to screen readers. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
}) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-2 focus-within:ring-2 focus-within:ring-brand-700">
        <Icon name="search" size={16} className="text-slate-500" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-describedby={hintId}
          className="h-full w-full text-sm outline-none sm:w-56"
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <span id={hintId} className="sr-only">
        La recherche s’applique à partir de {SEARCH_MIN_LENGTH} caractères.
      </span>
    </div>
  )
}
