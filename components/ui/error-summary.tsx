'use client'

import { useEffect, useRef, useState } from 'react'
import { errorCountText, type FieldErrors } from '@/lib/forms/form-errors'
import { controlOf } from './use-action-form'

type Invalid = { control: HTMLElement; label: string }

/**
 * The field errors no field of the form shows (a field not on screen yet, as a FUP model's question still loading,
 * or one the server names that this form does not have): said in the summary, so none goes unseen.
 */
function unshownErrors(root: HTMLElement, summary: HTMLElement, errors: FieldErrors): string[] {
  const shown = new Set<string>()
  for (const element of root.querySelectorAll<HTMLElement>('*'))
    if (!summary.contains(element)) shown.add(element.textContent?.trim() ?? '')
  return [...new Set(Object.values(errors))].filter((message) => !shown.has(message))
}

/** The name a person reads beside an invalid element: its aria-label, its label, its group's legend. */
function labelOf(element: HTMLElement): string {
  const labelledBy = element.getAttribute('aria-labelledby')
  const text =
    element.getAttribute('aria-label') ??
    (labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : null) ??
    (element instanceof HTMLFieldSetElement ? element.querySelector('legend')?.textContent : null) ??
    ('labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null) ??
    ''
  return text.replace(/\s*\*\s*$/, '').trim()
}

/**
 * The top of a refused form (announced): the server's message, or how many fields to correct, and a link to each.
 * The fields are read from the form itself (its aria-invalid elements, in the page's order), so the summary follows
 * whatever the form renders. Focusable (data-error-summary): the helper's last resort when no field is marked.
 */
export function ErrorSummary({
  form,
  className,
  children,
  fields,
}: {
  form: { errors: FieldErrors; error: string | null }
  className?: string
  /** Fields that come after the errors (a model's questions read again): the summary reads the form again with them. */
  fields?: unknown
  /** What to do about it, after the message (a link to the existing record, say). */
  children?: React.ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [invalid, setInvalid] = useState<Invalid[]>([])
  const [unshown, setUnshown] = useState<string[]>([])
  const count = Object.keys(form.errors).length
  // Read from the page once the fields of this render are marked.
  useEffect(() => {
    const summary = ref.current
    const root = summary?.closest('form')
    const found = root ? [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')] : []
    // A group marked invalid (checkboxes, radios) is one entry, named by its legend, reached at its first choice.
    const unique = new Map<HTMLElement, Invalid>()
    for (const element of found) {
      const named = (element.closest('fieldset[aria-invalid="true"]') as HTMLElement | null) ?? element
      const control = controlOf(named)
      const label = labelOf(named)
      if (control && label && !unique.has(control)) unique.set(control, { control, label })
    }
    const orphans = root && summary ? unshownErrors(root, summary, form.errors) : []
    const frame = requestAnimationFrame(() => {
      setInvalid([...unique.values()])
      setUnshown(orphans)
    })
    return () => cancelAnimationFrame(frame)
  }, [form.errors, fields])
  if (count === 0 && !form.error) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-error-summary
      className={className ?? 'rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800'}
    >
      {/* The server's own words when it gave some ("Vérifiez les champs signalés."), else how many fields. */}
      <p className="font-medium">
        {form.error ?? `${errorCountText(count)}.`}
        {children}
      </p>
      {count > 0 && invalid.length + unshown.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {invalid.map(({ control, label }, i) => (
            <li key={i}>
              <a
                href={control.id ? `#${control.id}` : '#'}
                className="underline"
                onClick={(event) => {
                  event.preventDefault()
                  control.focus({ preventScroll: true })
                  control.scrollIntoView({ block: 'center' })
                }}
              >
                {label}
              </a>
            </li>
          ))}
          {unshown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
