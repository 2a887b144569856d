'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { updateUserAction, type SettingsFormState } from '@/lib/settings/actions'
import { ORGANISATION_ROLE_OPTIONS } from './labels'
import { SelectField } from './select-field'
import { useSettingsToast } from './use-settings-toast'
import { useRefusalFocus } from '@/components/ui/use-action-form'

type Profile = { id: string; firstName: string; lastName: string; email: string; phone: string | null; role: string }

/** First and last name, phone, role. The email is the account's identifier: shown, not edited. */
export function UserProfileForm({ user, self }: { user: Profile; self: boolean }) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(updateUserAction.bind(null, user.id), {})
  const formRef = useRefusalFocus(state)
  useSettingsToast(state)
  const errors = state.fieldErrors ?? {}
  const v = state.values ?? {}
  return (
    <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Prénom"
          name="firstName"
          defaultValue={v.firstName ?? user.firstName}
          required
          error={errors.firstName}
          autoComplete="off"
        />
        <Field
          label="Nom"
          name="lastName"
          defaultValue={v.lastName ?? user.lastName}
          required
          error={errors.lastName}
          autoComplete="off"
        />
        <Field
          label="Adresse email"
          name="email"
          defaultValue={user.email}
          readOnly
          hint="L’adresse de connexion ne se modifie pas ici."
        />
        <Field
          label="Téléphone (facultatif)"
          name="phone"
          type="tel"
          defaultValue={v.phone ?? user.phone ?? ''}
          error={errors.phone}
          autoComplete="off"
        />
        <SelectField
          label="Rôle"
          name="role"
          defaultValue={v.role ?? user.role}
          options={ORGANISATION_ROLE_OPTIONS}
          error={errors.role}
        />
      </div>
      {self && <p className="text-xs text-slate-600">Vous ne pouvez pas retirer votre propre rôle d’administrateur.</p>}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  )
}
