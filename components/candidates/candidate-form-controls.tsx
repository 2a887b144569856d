'use client'

import { useId } from 'react'
import { clsx } from 'clsx'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'

const controlClass = (error?: string) =>
  clsx(
    'w-full rounded-md border bg-white px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500',
    error ? 'border-red-600' : 'border-slate-400',
  )

/**
 * One labelled control of the candidate form, its hint and French error tied to it (aria-describedby).
 * `name` is the validation key ('phone', 'customFields.children'…): the form focuses the first one in error.
 */
export function FormControl({
  name,
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  name: string
  label: string
  error?: string
  hint?: string
  required?: boolean
  className?: string
  children: (props: {
    id: string
    'aria-invalid'?: true
    'aria-describedby'?: string
    'aria-required'?: true
    className: string
  }) => React.ReactNode
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={clsx('flex flex-col gap-1', className)} data-field={name}>
      {/* The asterisk stays outside the label: the control's name is the label alone; aria-required says the rest. */}
      <span className="text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required && <span aria-hidden> *</span>}
      </span>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        className: controlClass(error),
      })}
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

export type CustomFormValue = string | string[]

/** A custom field of the organisation, rendered by its type. Values stay strings until validateCandidate parses them. */
export function CustomFieldControl({
  def,
  value,
  error,
  onChange,
}: {
  def: CustomFieldDefinition
  value: CustomFormValue | undefined
  error?: string
  onChange: (value: CustomFormValue) => void
}) {
  const name = `customFields.${def.key}`
  const groupId = useId()
  if (def.type === 'listMultiple') {
    const selected = Array.isArray(value) ? value : []
    return (
      <fieldset
        className="flex flex-col gap-1 sm:col-span-2"
        data-field={name}
        aria-describedby={error ? `${groupId}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {def.label}
          {def.required && <span aria-hidden> *</span>}
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {def.options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={selected.includes(o.value)}
                aria-invalid={error ? true : undefined}
                onChange={(e) =>
                  onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))
                }
              />
              {o.label}
            </label>
          ))}
        </div>
        {error && (
          <p id={`${groupId}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
    )
  }
  const text = typeof value === 'string' ? value : ''
  return (
    <FormControl name={name} label={def.label} error={error} required={def.required}>
      {(props) =>
        def.type === 'list' || def.type === 'bool' ? (
          <select {...props} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">Non renseigné</option>
            {(def.type === 'bool'
              ? [
                  { value: 'oui', label: 'Oui' },
                  { value: 'non', label: 'Non' },
                ]
              : def.options
            ).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...props}
            type={def.type === 'date' ? 'date' : 'text'}
            inputMode={def.type === 'number' ? 'decimal' : undefined}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormControl>
  )
}
