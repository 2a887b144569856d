'use client'

import { useActionState, useState, useTransition } from 'react'
import { toast } from '@/components/ui/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field } from '@/components/ui/field'
import { PROVIDER_IDS, type ProviderId } from '@/lib/auth/identity-providers'
import { addIdentityAction, removeIdentityAction, type SettingsFormState } from '@/lib/settings/actions'
import { PROVIDER_LABELS } from './labels'
import { SelectField } from './select-field'
import { useSettingsToast } from './use-settings-toast'

type Identity = { id: string; providerId: string; accountId: string }

/**
 * The identity-provider accounts the user may sign in with: provider + subject (Microsoft: tenant + object id).
 * Needed when the provider does not vouch for the email (Microsoft, France Travail); ProConnect and Google
 * link themselves at first sign-in by the email they verified.
 */
export function UserIdentities({ userId, identities }: { userId: string; identities: Identity[] }) {
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(addIdentityAction.bind(null, userId), {})
  const [provider, setProvider] = useState<ProviderId>('proconnect')
  const [formKey, setFormKey] = useState(0)
  useSettingsToast(state, () => setFormKey((k) => k + 1))
  const [removing, setRemoving] = useState<Identity | null>(null)
  const [removePending, start] = useTransition()
  const errors = state.fieldErrors ?? {}
  const v = state.values ?? {}
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
      <form
        key={formKey}
        action={action}
        className="flex flex-col gap-3 rounded-md border border-slate-200 p-4"
        noValidate
      >
        <h3 className="text-sm font-semibold">Enregistrer une identité</h3>
        {/* The choice is state (it decides the fields below): React resets a form after its action, not this. */}
        <input type="hidden" name="providerId" value={provider} />
        <SelectField
          label="Fournisseur d’identité"
          value={provider}
          onChange={(e) => setProvider(e.target.value as ProviderId)}
          options={PROVIDER_IDS.map((id) => ({ value: id, label: PROVIDER_LABELS[id] }))}
          error={errors.providerId}
        />
        {provider === 'microsoft' ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field
              label="Identifiant de l’organisation chez Microsoft"
              name="tenantId"
              autoComplete="off"
              spellCheck={false}
              error={errors.tenantId}
              defaultValue={v.tenantId ?? ''}
              hint="Votre service informatique le connaît («\u00a0ID de locataire\u00a0» dans Microsoft Entra)."
            />
            <Field
              label="Identifiant de la personne chez Microsoft"
              name="objectId"
              autoComplete="off"
              spellCheck={false}
              error={errors.objectId}
              defaultValue={v.objectId ?? ''}
              hint="Visible sur la fiche de la personne dans Microsoft Entra («\u00a0ID d’objet\u00a0»)."
            />
          </div>
        ) : (
          <Field
            label={`Identifiant de la personne chez ${PROVIDER_LABELS[provider]}`}
            name="subject"
            autoComplete="off"
            spellCheck={false}
            error={errors.subject}
            defaultValue={v.subject ?? ''}
            hint="L’identifiant stable que le fournisseur donne à cette personne (« sub »), jamais son email."
          />
        )}
        <div>
          <Button type="submit" variant="secondary" disabled={pending}>
            Enregistrer l’identité
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Retirer cette identité ?"
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
