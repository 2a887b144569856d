'use client'

import { FieldFrame, type ControlProps } from '@/components/ui/form-field'
import type { FormState } from '@/components/ui/use-action-form'
import { CANDIDATE_FIELD_LABELS as L } from '@/lib/candidates/field-labels'
import type { CandidateFormState } from './candidate-form-values'

export type CandidateFormProps = { form: FormState<CandidateFormState> }
type TextKey = 'firstName' | 'lastName' | 'phone' | 'email' | 'cafNumber' | 'poleEmploiNumber' | 'addressFormatted'

/** The longest value validateCandidate takes for each (a CAF number has 7 digits, a France Travail id 8 or 11). */
const MAX_LENGTH: Record<TextKey, number> = {
  firstName: 100,
  lastName: 100,
  phone: 30,
  email: 254,
  cafNumber: 7,
  poleEmploiNumber: 11,
  addressFormatted: 500,
}

/**
 * One of the candidate's text fields, labelled from the one list of labels, its error under its own name, the
 * server's length and requirement on the input too.
 */
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
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'>) {
  return (
    <FieldFrame label={L[name]} error={form.errors[name]} hint={hint} required={required} className={className}>
      {(control: ControlProps) => (
        <input
          {...control}
          type="text"
          maxLength={MAX_LENGTH[name]}
          required={required}
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
