'use client'

import { useActionState, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { useRefusalFocus } from '@/components/ui/use-action-form'
import { createUserAction, type SettingsFormState } from '@/lib/settings/actions'
import { ORGANISATION_ROLE_OPTIONS } from './labels'
import { SelectField } from './select-field'
import { useSettingsToast } from './use-settings-toast'

/** "Créer un utilisateur": the account is created without a password; the user chooses it from the invitation mail. */
export function CreateUserDialog() {
  const [open, setOpen] = useState(false)
  const router = useRouter()
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(createUserAction, {})
  const formRef = useRefusalFocus(state)
  useSettingsToast(state, (done) => {
    setOpen(false)
    if (done.userId) router.push(`/v2/settings/user/${done.userId}`)
  })
  // What was sent comes back after a refusal (React resets a form after its action), with its error.
  const bind = (name: string) => ({ name, error: state.fieldErrors?.[name], defaultValue: state.values?.[name] ?? '' })
  return (
    <>
      <Button onClick={() => setOpen(true)}>Créer un utilisateur</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Créer un utilisateur"
        description="La personne reçoit par email un lien, valable 72 heures, pour choisir son mot de passe."
      >
        <form ref={formRef} action={action} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Prénom" {...bind('firstName')} autoComplete="off" required />
            <Field label="Nom" {...bind('lastName')} autoComplete="off" required />
          </div>
          <Field label="Adresse email" {...bind('email')} type="email" autoComplete="off" required />
          <Field
            label="Téléphone (facultatif)"
            {...bind('phone')}
            type="tel"
            autoComplete="off"
            hint="Par exemple 06 12 34 56 78"
          />
          <SelectField
            label="Rôle"
            name="role"
            defaultValue={state.values?.role ?? 'counsellor'}
            options={ORGANISATION_ROLE_OPTIONS}
            error={state.fieldErrors?.role}
          />
          <p className="text-xs text-slate-600">
            Les administrateurs et les référents donnent un code de vérification à chaque connexion (double
            authentification).
          </p>
          <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Création…' : 'Créer et envoyer l’invitation'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
