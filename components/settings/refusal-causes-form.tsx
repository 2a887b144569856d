'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useRefusalFocus } from '@/components/ui/use-action-form'
import type { OrganisationCause } from '@/lib/prescriptions/causes'
import type { SettingsFormState } from '@/lib/settings/actions'
import { saveRefusalCausesAction } from '@/lib/settings/custom-field-actions'
import { useSettingsToast } from './use-settings-toast'

/** One row per cause: its label (a text field) and whether partners and referents may choose it; a field to add one. */
export function RefusalCausesForm({ causes }: { causes: OrganisationCause[] }) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(saveRefusalCausesAction, {})
  useSettingsToast(state)
  const ref = useRefusalFocus(state)
  const errors = state.fieldErrors ?? {}
  return (
    // A new form for each answer: React resets a form after its action; this one shows what was sent with its errors.
    <form key={JSON.stringify(state)} ref={ref} action={action} className="flex flex-col gap-4" noValidate>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Motifs de refus de l’organisation</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-4 py-2">
                Libellé
              </th>
              <th scope="col" className="px-4 py-2">
                Proposé
              </th>
            </tr>
          </thead>
          <tbody>
            {causes.map((cause, i) => (
              <CauseRow key={cause.code} cause={cause} index={i} state={state} />
            ))}
          </tbody>
        </table>
      </div>
      <Field
        label="Ajouter un motif (facultatif)"
        name="added"
        maxLength={100}
        autoComplete="off"
        defaultValue={state.values?.added ?? ''}
        error={errors.added}
        hint={'Par exemple «\u00a0Entrée en formation\u00a0». Il sera proposé aux partenaires dès l’enregistrement.'}
        className="max-w-xl"
      />
      {state.error && !Object.keys(errors).length && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <p className="text-sm text-slate-600">
        Un motif retiré n’est plus proposé&nbsp;; les réponses qui l’ont déjà reçu gardent son libellé.
      </p>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer les motifs'}
        </Button>
      </div>
    </form>
  )
}

/** A cause: its label (the default one recalled when renamed) and whether it is offered. */
function CauseRow({ cause, index: i, state }: { cause: OrganisationCause; index: number; state: SettingsFormState }) {
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-2">
        <input type="hidden" name="code" value={cause.code} />
        <Field
          label={
            cause.defaultLabel ? `Motif\u00a0: ${cause.defaultLabel}` : `Motif de l’organisation n°\u00a0${i + 1 - 6}`
          }
          name="label"
          maxLength={100}
          autoComplete="off"
          defaultValue={state.values?.[`label:${cause.code}`] ?? cause.label}
          error={state.fieldErrors?.[`causes.${i}.label`]}
          hint={
            cause.defaultLabel && cause.label !== cause.defaultLabel
              ? `Libellé d’origine\u00a0: ${cause.defaultLabel}`
              : undefined
          }
        />
      </td>
      <td className="px-4 py-2 pt-9">
        <input
          type="checkbox"
          name="enabled"
          value={cause.code}
          defaultChecked={!cause.disabled}
          aria-label={`Proposer le motif «\u00a0${cause.label}\u00a0»`}
          className="h-4 w-4 accent-brand-700"
        />
      </td>
    </tr>
  )
}
