'use client'

import { useRouter } from 'next/navigation'
import { useState, useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { REFERRAL_LINK_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { toast } from '@/components/ui/toast'
import { useActionForm } from '@/components/ui/use-action-form'
import { createReferralLinkAction, setReferralLinkDisabledAction } from '@/lib/referrals/actions'

export type LinkRow = {
  id: string
  label: string
  /** The address with the token's first characters only: the whole token is not kept (lib/referrals/token.ts). */
  shownUrl: string
  notifyEmail: string
  validUntil: string | null
  state: 'active' | 'disabled' | 'expired'
  orientations: number
  createdOn: string
}

const STATE_LABEL: Record<LinkRow['state'], string> = { active: 'Actif', disabled: 'Désactivé', expired: 'Expiré' }

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success('Lien copié')
  } catch {
    toast.error('La copie a échoué\u00a0: sélectionnez le lien et copiez-le.')
  }
}

/**
 * Settings "Formulaires d'orientation": the links, each disabled or enabled again; "Nouveau lien" in a dialog, which
 * shows the new link's whole address, to copy, that once. A lost address is replaced by a new link.
 */
export function ReferralLinksManager({ links, canModify }: { links: LinkRow[]; canModify: boolean }) {
  const router = useRouter()
  const [creating, setCreating] = useState(false)
  const [pending, startTransition] = useTransition()

  const toggle = (link: LinkRow) =>
    startTransition(async () => {
      const disable = link.state !== 'disabled'
      const outcome = await setReferralLinkDisabledAction(link.id, disable)
      if (!outcome.ok) return void toast.error(outcome.error)
      toast.success(
        disable
          ? `Le lien «\u00a0${link.label}\u00a0» est désactivé.`
          : `Le lien «\u00a0${link.label}\u00a0» est réactivé.`,
      )
      router.refresh()
    })

  return (
    <div className="flex flex-col gap-4">
      {canModify && (
        <div>
          <Button onClick={() => setCreating(true)}>Nouveau lien</Button>
        </div>
      )}
      {links.length === 0 ? (
        <EmptyState
          title="Aucun lien pour l’instant."
          action={
            // Its own words, so that it is not read as "Nouveau lien" above.
            canModify ? (
              <Button variant="secondary" onClick={() => setCreating(true)}>
                Créer un premier lien
              </Button>
            ) : undefined
          }
        >
          Créez-en un par structure qui vous oriente des personnes.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            L’adresse complète d’un lien n’est affichée qu’à sa création. Si une structure l’a perdue, créez-lui un
            nouveau lien et désactivez l’ancien.
          </p>
          <ul className="flex flex-col gap-3" aria-label="Liens d’orientation">
            {links.map((link) => (
              <li key={link.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base font-semibold">{link.label}</h2>
                  <StatusBadge tone={REFERRAL_LINK_STATE_TONES[link.state]}>{STATE_LABEL[link.state]}</StatusBadge>
                </div>
                <p className="break-all font-mono text-xs text-slate-700">{link.shownUrl}</p>
                <p className="text-sm text-slate-700">
                  Orientations envoyées à {link.notifyEmail} · {link.orientations} reçue
                  {link.orientations > 1 ? 's' : ''} · créé le {link.createdOn}
                  {link.validUntil ? ` · valable jusqu’au ${link.validUntil}` : ''}
                </p>
                {canModify && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={pending}
                      onClick={() => toggle(link)}
                      aria-label={`${link.state === 'disabled' ? 'Réactiver' : 'Désactiver'} le lien «\u00a0${link.label}\u00a0»`}
                    >
                      {link.state === 'disabled' ? 'Réactiver' : 'Désactiver'}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {creating && <NewLinkDialog onClose={() => setCreating(false)} />}
    </div>
  )
}

function NewLinkDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter()
  const [created, setCreated] = useState<{ label: string; url: string } | null>(null)
  const form = useActionForm({
    initial: { label: '', notifyEmail: '', expiresOn: '' },
    action: (values) => createReferralLinkAction(values),
    success: (_, values) =>
      `Le lien «\u00a0${values.label.trim()}\u00a0» est créé\u00a0: copiez-le et transmettez-le à la structure.`,
    onSuccess: (outcome, values) => {
      setCreated({ label: values.label.trim(), url: outcome.url })
      router.refresh()
    },
  })
  const { field } = form

  if (created)
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Lien d’orientation créé"
        description={`Copiez ce lien et transmettez-le à «\u00a0${created.label}\u00a0». Il ne sera plus affiché en entier\u00a0: Passerelle n’en garde qu’une empreinte.`}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Terminé
            </Button>
            <Button onClick={() => copy(created.url)}>Copier le lien</Button>
          </>
        }
      >
        <p className="break-all font-mono text-sm text-slate-800" aria-label="Adresse du lien">
          {created.url}
        </p>
      </Dialog>
    )

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Nouveau lien d’orientation"
      description={
        'Le lien est personnel à la structure qui le reçoit. Les orientations arrivent dans «\u00a0Orientations reçues\u00a0», et un email prévient l’adresse choisie, sans les données de la personne.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending}>
            {form.pending ? 'Création…' : 'Créer le lien'}
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-4">
        <ErrorSummary form={form} />
        <FormField
          label="Nom du lien"
          hint={'La structure à qui vous le donnez, par exemple «\u00a0CCAS de Dieppe\u00a0».'}
          required
          maxLength={100}
          {...field('label')}
        />
        <FormField
          label="Email qui reçoit les orientations"
          type="email"
          autoComplete="email"
          required
          {...field('notifyEmail')}
        />
        <FormField label="Valable jusqu’au (facultatif)" type="date" {...field('expiresOn')} />
      </form>
    </Dialog>
  )
}
