'use client'

import { useState, useTransition } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import type { ProviderId } from '@/lib/auth/identity-providers'
import { removeIdentityAction } from '@/lib/settings/actions'
import { PROVIDER_LABELS } from './labels'

type Identity = { id: string; providerId: string; accountId: string }

/**
 * The identity-provider accounts the user may sign in with: provider + subject (Microsoft: tenant + object id).
 * The administrator sees and removes them; none is added here (an administrator attaching their own provider login
 * to someone else's account could sign in as them): ProConnect, Google and France Travail link themselves at the
 * person's first sign-in by the email they verified; any provider's login, Microsoft's included, is linked by the
 * person themselves from their account page (lib/auth/identity-links.ts), or given when the account is provisioned.
 */
export function UserIdentities({ userId, identities }: { userId: string; identities: Identity[] }) {
  const [removing, setRemoving] = useState<Identity | null>(null)
  const [removePending, start] = useTransition()
  return (
    <div className="flex flex-col gap-4">
      {identities.length === 0 ? (
        <p className="text-sm text-slate-600">
          Aucune identité enregistrée&nbsp;: la personne se connecte avec son email et son mot de passe.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">
                  {PROVIDER_LABELS[identity.providerId as ProviderId] ?? identity.providerId}
                </span>
                <span className="text-slate-600"> — identifiant </span>
                <code className="break-all font-mono text-xs">{identity.accountId}</code>
              </span>
              <Button
                variant="ghost"
                onClick={() => setRemoving(identity)}
                aria-label={`Retirer l’identité ${PROVIDER_LABELS[identity.providerId as ProviderId] ?? identity.providerId}`}
              >
                Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        Une identité se rattache à la première connexion de la personne par son fournisseur, quand il a vérifié son
        adresse email, ou par la personne elle-même depuis «&nbsp;Sécurité du compte&nbsp;», une fois connectée.
        Personne ne peut rattacher l’identité d’un fournisseur au compte d’une autre personne.
      </p>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Retirer cette identité&nbsp;?"
        description="La personne ne pourra plus se connecter avec ce compte du fournisseur ; ses connexions ouvertes par ce fournisseur sont fermées."
        confirmLabel="Retirer"
        pending={removePending}
        onConfirm={() =>
          start(async () => {
            const result = await removeIdentityAction(userId, removing!.id)
            if (result.ok) toast.success(result.message ?? 'Identité retirée.')
            else toast.error(result.error ?? 'L’enregistrement a échoué.')
            setRemoving(null)
          })
        }
      />
    </div>
  )
}
