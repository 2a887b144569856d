'use client'

import { useId } from 'react'
import { clsx } from 'clsx'

export function ReadOnlyBlock({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <section className="rounded-md bg-slate-50 p-4">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words">{value || '-'}</dd>
          </div>
        ))}
      </dl>
    </section>
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
    className: clsx('rounded-md border bg-white px-3 py-2 text-sm disabled:bg-slate-100', error ? 'border-red-600' : 'border-slate-300'),
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
export function CauseField({ value, onChange, error, causes }: { value: string; onChange: (value: string) => void; error?: string; causes: { code: string; label: string }[] }) {
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
