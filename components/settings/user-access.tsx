'use client'

import { useState, useTransition } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  resendInvitationAction,
  resetSecondFactorAction,
  setUserDisabledAction,
  type SettingsFormState,
} from '@/lib/settings/actions'

function notify(result: SettingsFormState) {
  if (result.ok) toast.success(result.message ?? 'C’est fait.')
  else toast.error(result.error ?? 'L’enregistrement a échoué. Réessayez dans un instant.')
}

/** Disable (ends every session at once) or enable the account; send a new invitation link. */
export function UserAccess({
  userId,
  disabled,
  self,
  hasPassword,
}: {
  userId: string
  disabled: boolean
  self: boolean
  hasPassword: boolean
}) {
  const [confirming, setConfirming] = useState(false)
  const [pending, start] = useTransition()
  const run = (work: () => Promise<SettingsFormState>) =>
    start(async () => {
      notify(await work())
      setConfirming(false)
    })
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        État du compte&nbsp;: <strong>{disabled ? 'désactivé' : 'actif'}</strong>
        {disabled ? ' — la personne ne peut plus se connecter.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {disabled ? (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => run(() => setUserDisabledAction(userId, false))}
          >
            Réactiver le compte
          </Button>
        ) : self ? (
          <p className="text-sm text-slate-600">Vous ne pouvez pas désactiver votre propre compte.</p>
        ) : (
          <Button variant="danger" disabled={pending} onClick={() => setConfirming(true)}>
            Désactiver le compte
          </Button>
        )}
        {!disabled && (
          <Button variant="secondary" disabled={pending} onClick={() => run(() => resendInvitationAction(userId))}>
            {hasPassword ? 'Envoyer un lien de nouveau mot de passe' : 'Renvoyer l’invitation'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Désactiver ce compte&nbsp;?"
        description="La personne est déconnectée tout de suite, sur tous ses appareils, et ne pourra plus se connecter tant que le compte n’est pas réactivé."
        confirmLabel="Désactiver"
        pending={pending}
        onConfirm={() => run(() => setUserDisabledAction(userId, true))}
      />
    </div>
  )
}

/** Forgets the authenticator app and its backup codes (a lost phone). */
export function ResetSecondFactor({ userId }: { userId: string }) {
  const [confirming, setConfirming] = useState(false)
  const [pending, start] = useTransition()
  return (
    <>
      <Button variant="secondary" disabled={pending} onClick={() => setConfirming(true)}>
        Réinitialiser la double authentification
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Réinitialiser la double authentification&nbsp;?"
        description="L’application d’authentification et les codes de secours de cette personne sont oubliés. Si la double authentification est obligatoire pour elle, un code lui sera envoyé par email à sa prochaine connexion."
        confirmLabel="Réinitialiser"
        pending={pending}
        onConfirm={() =>
          start(async () => {
            notify(await resetSecondFactorAction(userId))
            setConfirming(false)
          })
        }
      />
    </>
  )
}
