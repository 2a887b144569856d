'use client'

import { FieldFrame, type ControlProps } from '@/components/ui/form-field'
import type { FormState } from '@/components/ui/use-action-form'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import type { CandidateFormState } from './candidate-form-values'

export type CandidateFormProps = { form: FormState<CandidateFormState> }
type TextKey = 'firstName' | 'lastName' | 'phone' | 'email' | 'cafNumber' | 'poleEmploiNumber' | 'addressFormatted'

/** One of the candidate's text fields, labelled from the one list of labels, its error under its own name. */
export function TextControl({
  form,
  name,
  hint,
  required,
  className,
  ...input
}: CandidateFormProps & {
  name: TextKey
  hint?: string
  required?: boolean
  className?: string
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength'>) {
  return (
    <FieldFrame label={L[name]} error={form.errors[name]} hint={hint} required={required} className={className}>
      {(control: ControlProps) => (
        <input
          {...control}
          type="text"
          {...input}
          value={form.values[name]}
          onChange={(e) => form.set({ [name]: e.target.value })}
        />
      )}
    </FieldFrame>
  )
}

type Reference = { id: string; label: string }

/** The place, status or referent: one of the organisation's own, or none. */
export function ReferenceSelect({
  form,
  name,
  options,
  emptyLabel = 'Non renseigné',
}: CandidateFormProps & { name: 'placeId' | 'statusId' | 'referentId'; options: Reference[]; emptyLabel?: string }) {
  return (
    <FieldFrame label={L[name]} error={form.errors[name]}>
      {(control) => (
        <select {...control} value={form.values[name]} onChange={(e) => form.set({ [name]: e.target.value })}>
          <option value="">{emptyLabel}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}
