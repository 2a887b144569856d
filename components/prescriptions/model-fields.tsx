'use client'

import { useId } from 'react'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import type { FupModelField } from '@/lib/db/schema/fup-models'

export type ModelAnswers = Record<string, string | string[]>

/** The FUP model's additional fields, asked of the referent when prescribing (issue 15 §3); errors under 'modelAnswers.<key>'. */
export function ModelFields({
  fields,
  answers,
  onChange,
  errors,
}: {
  fields: FupModelField[]
  answers: ModelAnswers
  onChange: (key: string, value: string | string[]) => void
  errors: Record<string, string>
}) {
  if (fields.length === 0) return null
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">Informations demandées par le partenaire</legend>
      {fields.map((field) => {
        const error = errors[`modelAnswers.${field.key}`]
        const value = answers[field.key] ?? (field.type === 'listMultiple' ? [] : '')
        if (field.type === 'listMultiple')
          return (
            <MultipleChoice
              key={field.key}
              field={field}
              value={value as string[]}
              onChange={(v) => onChange(field.key, v)}
              error={error}
            />
          )
        if (field.type === 'list' || field.type === 'bool') {
          const options =
            field.type === 'bool'
              ? [
                  { value: 'oui', label: 'Oui' },
                  { value: 'non', label: 'Non' },
                ]
              : field.options
          return (
            <FeedbackField
              key={field.key}
              label={field.label}
              as="select"
              value={value as string}
              onChange={(v) => onChange(field.key, v)}
              error={error}
              required={field.required}
            >
              <option value="">Choisir</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </FeedbackField>
          )
        }
        return (
          <FeedbackField
            key={field.key}
            label={field.label}
            type={field.type === 'date' ? 'date' : 'text'}
            value={value as string}
            onChange={(v) => onChange(field.key, v)}
            error={error}
            required={field.required}
          />
        )
      })}
    </fieldset>
  )
}

function MultipleChoice({
  field,
  value,
  onChange,
  error,
}: {
  field: FupModelField
  value: string[]
  onChange: (v: string[]) => void
  error?: string
}) {
  const id = useId()
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-1"
    >
      <legend className="text-sm font-medium text-slate-800">
        {field.label}
        {field.required && <span aria-hidden> *</span>}
      </legend>
      <div className="flex flex-wrap gap-3">
        {field.options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={value.includes(o.value)}
              onChange={() =>
                onChange(value.includes(o.value) ? value.filter((v) => v !== o.value) : [...value, o.value])
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
