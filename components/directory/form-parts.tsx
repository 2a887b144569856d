'use client'

import { useId } from 'react'
import { clsx } from 'clsx'

/** A labelled textarea with its error tied to it, like FeedbackField. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  rows = 4,
  hint,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  rows?: number
  hint?: string
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx('rounded-md border bg-white px-3 py-2 text-sm', error ? 'border-red-600' : 'border-slate-300')}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** The form's summary of what went wrong (announced). */
export function FormError({ error, children }: { error: string | null; children?: React.ReactNode }) {
  if (!error) return null
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
      {children}
    </div>
  )
}

/** Form state with per-field errors cleared as the field changes. */
export type Errors = Record<string, string>
export const withoutKeys = (errors: Errors, keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)))
