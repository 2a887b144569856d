'use client'

import { useActionState, useId } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { updateOrganisationAction, type SettingsFormState } from '@/lib/settings/actions'
import { useSettingsToast } from './use-settings-toast'

type Organisation = { name: string; addressFormatted: string | null; twoFactorRequired: boolean; answerReminderDays: number }

/** The administrator's organisation: name, address, the second factor for everyone, the prescriptions' reminder delay. */
export function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(updateOrganisationAction, {})
  useSettingsToast(state)
  const errors = state.fieldErrors ?? {}
  const v = state.values
  // After an error the fields show what was sent (React resets a form after its action).
  const current = v
    ? { name: v.name ?? '', addressFormatted: v.addressFormatted ?? '', twoFactorRequired: v.twoFactorRequired === 'on', answerReminderDays: v.answerReminderDays ?? '' }
    : { ...organisation, addressFormatted: organisation.addressFormatted ?? '' }
  const twoFactorId = useId()
  const addressId = useId()
  return (
    <form action={action} className="flex max-w-2xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" noValidate>
      <Field label="Nom de l’organisation" name="name" defaultValue={current.name} required error={errors.name} autoComplete="organization" />
      <div className="flex flex-col gap-1">
        <label htmlFor={addressId} className="text-sm font-medium text-slate-800">
          Adresse
        </label>
        <textarea
          id={addressId}
          name="addressFormatted"
          rows={3}
          defaultValue={current.addressFormatted}
          aria-invalid={errors.addressFormatted ? true : undefined}
          aria-describedby={`${addressId}-hint${errors.addressFormatted ? ` ${addressId}-error` : ''}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <p id={`${addressId}-hint`} className="text-xs text-slate-600">
          Imprimée sur les fiches de prescription.
        </p>
        {errors.addressFormatted && (
          <p id={`${addressId}-error`} className="text-sm text-red-700">
            {errors.addressFormatted}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={twoFactorId}
          type="checkbox"
          name="twoFactorRequired"
          defaultChecked={current.twoFactorRequired}
          aria-describedby={`${twoFactorId}-hint`}
          className="mt-1 h-4 w-4 accent-brand-700"
        />
        <div>
          <label htmlFor={twoFactorId} className="text-sm font-medium text-slate-800">
            Double authentification obligatoire
          </label>
          <p id={`${twoFactorId}-hint`} className="text-xs text-slate-600">
            Chaque utilisateur de l’organisation donne un code (email ou application) à chaque connexion, à partir de sa prochaine connexion. Les
            administrateurs et les référents le donnent déjà.
          </p>
        </div>
      </div>
      <Field
        label="Délai de relance des prescriptions (jours)"
        name="answerReminderDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={90}
        step={1}
        defaultValue={current.answerReminderDays}
        required
        error={errors.answerReminderDays}
        hint="Une prescription sans réponse depuis ce nombre de jours est à relancer (de 1 à 90 ; 10 par défaut)."
        className="max-w-xs"
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  )
}
