'use client'

import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { clsx } from 'clsx'

/** What a control needs to be tied to its label, hint and French error (the form helper focuses aria-invalid). */
export type ControlProps = {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
  'aria-required'?: true
  className: string
}

const controlClass = (error?: string) =>
  clsx(
    'w-full rounded-md border bg-white px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500',
    error ? 'border-red-600' : 'border-slate-400',
  )

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null
}

/**
 * A labelled control with its hint and error tied to it (aria-describedby), whatever the control: the children get
 * its props. The asterisk stays outside the label: the control's name is the label alone; aria-required says the rest.
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (props: ControlProps) => ReactNode
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
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
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  )
}

type NativeAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'className' | 'children' | 'required'
>

/** A text input, a select (its options as children) or a textarea of a controlled form. */
export function FormField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  as = 'input',
  rows = 4,
  children,
  ...native
}: NativeAttributes & {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  as?: 'input' | 'select' | 'textarea'
  rows?: number
  children?: ReactNode
}) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(control) =>
        as === 'select' ? (
          <select {...control} value={value} disabled={native.disabled} onChange={(e) => onChange(e.target.value)}>
            {children}
          </select>
        ) : as === 'textarea' ? (
          <textarea
            {...control}
            rows={rows}
            value={value}
            maxLength={native.maxLength}
            disabled={native.disabled}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input {...native} {...control} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </FieldFrame>
  )
}

/**
 * Radio buttons or checkboxes under one legend, their error tied to the group. aria-invalid marks the group, so
 * the form helper focuses its first choice after a refusal.
 */
export function ChoiceGroup({
  legend,
  error,
  required,
  className,
  legendClassName = 'mb-1 text-sm font-medium text-slate-800',
  children,
}: {
  legend: ReactNode
  error?: string
  required?: boolean
  className?: string
  legendClassName?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={clsx('flex flex-col gap-1', className)}
    >
      <legend className={legendClassName}>
        {legend}
        {required && <span aria-hidden> *</span>}
      </legend>
      {children}
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  )
}

/** One checkbox whose label says what ticking it means ("Je valide cette prescription"), with its own error. */
export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  required,
  disabled,
  className,
}: {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string
  required?: boolean
  disabled?: boolean
  className?: string
}) {
  const id = useId()
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-4 w-4 accent-brand-700"
        />
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  )
}

/** Several choices among a few, as ticked chips (the offer's challenges, a workshop's facilitators). */
export function ChipChoices({
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string
  options: { value: string; label: string }[]
  chosen: string[]
  onChange: (chosen: string[]) => void
  error?: string
}) {
  const toggle = (value: string) =>
    onChange(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value])
  return (
    <ChoiceGroup legend={legend} error={error} legendClassName="mb-2 text-sm font-medium text-slate-800">
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => toggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  )
}
