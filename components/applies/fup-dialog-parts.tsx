'use client'

import { useId } from 'react'
import { clsx } from 'clsx'
import { EMPTY_VALUE } from '@/lib/format'

/**
 * A read-only part of the sheet (beneficiary, prescription) behind a disclosure: the dialog opens on the decision
 * (issue 32 §1). Labels above values on a phone, beside them from 640 px; long values wrap, never cut.
 */
export function ReadOnlyBlock({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <details className="min-w-0 basis-full">
      <summary className="cursor-pointer font-medium text-brand-700">{title}</summary>
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="mb-1 min-w-0 [overflow-wrap:anywhere] sm:mb-0">{value || EMPTY_VALUE}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** A labelled input or select of the FUP form, its error tied to it. */
export function FeedbackField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  as = 'input',
  required,
  disabled,
  className,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  type?: string
  as?: 'input' | 'select'
  required?: boolean
  disabled?: boolean
  className?: string
  children?: React.ReactNode
}) {
  const id = useId()
  const control = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
    disabled,
    className: clsx(
      'rounded-md border bg-white px-3 py-2 text-sm disabled:bg-slate-100',
      error ? 'border-red-600' : 'border-slate-300',
    ),
  }
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      {as === 'select' ? (
        <select {...control} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      ) : (
        <input {...control} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * 'Motif': the prescribing organisation's refusal causes (the six of spec §4 unless it changed them), required.
 * Shared by the FUP answer and a manual prescription's status.
 */
export function CauseField({
  value,
  onChange,
  error,
  causes,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
  causes: { code: string; label: string }[]
}) {
  return (
    <FeedbackField label="Motif" as="select" value={value} onChange={onChange} error={error} required>
      <option value="">Choisir un motif</option>
      {causes.map((c) => (
        <option key={c.code} value={c.code}>
          {c.label}
        </option>
      ))}
    </FeedbackField>
  )
}
