'use client'

import { CustomFieldControl } from '@/components/ui/custom-field-control'
import type { FormState } from '@/components/ui/use-action-form'
import type { CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import type { PrescribeValues } from './prescribe-form'

/** The FUP model's additional fields, asked of the referent when prescribing; errors under 'modelAnswers.<key>'. */
export function ModelFields({ form, fields }: { form: FormState<PrescribeValues>; fields: CustomFieldDefinition[] }) {
  if (fields.length === 0) return null
  const { values, set, clear, errors } = form
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">Informations demandées par le partenaire</legend>
      {fields.map((def) => (
        <CustomFieldControl
          key={def.key}
          def={def}
          value={values.modelAnswers[def.key]}
          error={errors[`modelAnswers.${def.key}`]}
          emptyLabel="Choisir"
          onChange={(answer) => {
            set({ modelAnswers: { ...values.modelAnswers, [def.key]: answer } })
            clear(`modelAnswers.${def.key}`)
          }}
        />
      ))}
    </fieldset>
  )
}
