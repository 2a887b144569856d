'use client'

import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import { ChoiceGroup, FieldFrame } from './form-field'

export type CustomFormValue = string | string[]

const YES_NO = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
]

/**
 * What parseCustomField checks, on the input too: a number of zero or more (its keyboard, its arrows stop at 0), a
 * day, a text of 1 000 characters at most.
 */
const CONSTRAINTS = {
  number: { type: 'number', min: 0, step: 'any', inputMode: 'decimal' },
  date: { type: 'date' },
  text: { type: 'text', maxLength: 1000 },
} as const satisfies Record<string, React.InputHTMLAttributes<HTMLInputElement>>

/**
 * An organisation's own field (a candidate's custom field, a FUP model's question), rendered by its type. Values
 * stay strings as typed until parseCustomField reads them, on the client and again on the server.
 */
export function CustomFieldControl({
  def,
  value,
  error,
  onChange,
  emptyLabel = 'Non renseigné',
  className,
}: {
  def: CustomFieldDefinition
  value: CustomFormValue | undefined
  error?: string
  onChange: (value: CustomFormValue) => void
  /** The select's first option: 'Non renseigné' on a sheet, 'Choisir' where an answer is expected. */
  emptyLabel?: string
  className?: string
}) {
  if (def.type === 'listMultiple') {
    const selected = Array.isArray(value) ? value : []
    return (
      <ChoiceGroup legend={def.label} error={error} required={def.required} className={className}>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {def.options.map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={selected.includes(o.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))
                }
              />
              {o.label}
            </label>
          ))}
        </div>
      </ChoiceGroup>
    )
  }
  const text = typeof value === 'string' ? value : ''
  const constraints = def.type === 'number' || def.type === 'date' || def.type === 'text' ? CONSTRAINTS[def.type] : null
  return (
    <FieldFrame label={def.label} error={error} required={def.required}>
      {(control) =>
        def.type === 'list' || def.type === 'bool' ? (
          <select {...control} required={def.required} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{emptyLabel}</option>
            {(def.type === 'bool' ? YES_NO : def.options).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            required={def.required}
            {...constraints}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FieldFrame>
  )
}
