'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ACCOUNT_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { toast } from '@/components/ui/toast'
import {
  invitePartnerUserAction,
  reinvitePartnerUserAction,
  requestStructureAccountAction,
  setPartnerUserDisabledAction,
  setStructureAdminAction,
} from '@/lib/partners/actions'

type PartnerUser = {
  id: string
  firstName: string | null
  lastName: string | null
  email: string
  disabled: boolean
  invited: boolean
  structureAdmin: boolean
}
const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/**
 * The structure's partner users, for those who run it: invite one by email (72 h link), disable, re-invite, hand the
 * structure's administration on.
 */
export function PartnerUsers({
  structureId,
  users,
  canManage,
}: {
  structureId: string
  users: PartnerUser[]
  canManage: boolean
}) {
  const router = useRouter()
  const [busy, setBusy] = useState<string | null>(null)
  async function run(id: string, work: () => Promise<{ ok: boolean; error?: string }>, success: string) {
    setBusy(id)
    const result = await work().catch(() => FAILED)
    setBusy(null)
    if (result.ok) {
      toast.success(success)
      router.refresh()
    } else toast.error(result.error ?? FAILED.error)
  }
  return (
    <section aria-labelledby="partner-users-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="partner-users-title" className="text-lg font-semibold">
          Utilisateurs de la structure
        </h2>
        {canManage && <InviteDialog structureId={structureId} />}
      </div>
      {users.length === 0 ? (
        <EmptyState
          title="Aucun utilisateur pour l’instant."
          action={
            canManage ? (
              <InviteDialog structureId={structureId} label="Inviter un premier utilisateur" variant="secondary" />
            ) : undefined
          }
        >
          Invitez un partenaire pour qu’il réponde lui-même aux prescriptions.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {users.map((u) => {
            const name = `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email
            return (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{name}</span> <span className="text-slate-600">{u.email}</span>{' '}
                  {u.disabled ? (
                    <StatusBadge tone={ACCOUNT_STATE_TONES.disabled}>Désactivé</StatusBadge>
                  ) : u.invited ? (
                    <StatusBadge tone={ACCOUNT_STATE_TONES.invited}>Invitation envoyée</StatusBadge>
                  ) : null}{' '}
                  {u.structureAdmin && <StatusBadge tone="info">Administrateur de la structure</StatusBadge>}
                </span>
                {canManage && (
                  <span className="flex flex-wrap gap-2">
                    {!u.disabled && (
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        disabled={busy === u.id}
                        onClick={() =>
                          run(
                            u.id,
                            () => reinvitePartnerUserAction(structureId, u.id),
                            `Invitation envoyée à ${u.email}.`,
                          )
                        }
                        aria-label={`Renvoyer une invitation à ${name}`}
                      >
                        Renvoyer l’invitation
                      </Button>
                    )}
                    {!u.disabled && (
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        disabled={busy === u.id}
                        onClick={() =>
                          run(
                            u.id,
                            () => setStructureAdminAction(structureId, u.id, !u.structureAdmin),
                            u.structureAdmin
                              ? `${name} n’administre plus la structure.`
                              : `${name} administre maintenant la structure.`,
                          )
                        }
                        aria-label={
                          u.structureAdmin
                            ? `Retirer à ${name} le rôle d’administrateur de la structure`
                            : `Nommer ${name} administrateur de la structure`
                        }
                      >
                        {u.structureAdmin ? 'Retirer le rôle d’administrateur' : 'Nommer administrateur'}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      className="px-3 py-1"
                      disabled={busy === u.id}
                      onClick={() =>
                        run(
                          u.id,
                          () => setPartnerUserDisabledAction(structureId, u.id, !u.disabled),
                          u.disabled
                            ? 'Compte réactivé.'
                            : 'Compte désactivé : ses sessions sont fermées.'.replace(' :', '\u00a0:'),
                        )
                      }
                      aria-label={`${u.disabled ? 'Réactiver' : 'Désactiver'} le compte de ${name}`}
                    >
                      {u.disabled ? 'Réactiver' : 'Désactiver'}
                    </Button>
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

const DIALOGS = {
  invite: {
    action: invitePartnerUserAction,
    title: 'Inviter un utilisateur de la structure',
    description: 'Il reçoit par email un lien, valable 72 heures, pour choisir son mot de passe.',
    submit: 'Envoyer l’invitation',
    done: (email: string) => `Invitation envoyée à ${email}.`,
  },
  request: {
    action: requestStructureAccountAction,
    title: 'Demander un compte partenaire',
    description:
      'Ceux qui gèrent la structure reçoivent votre demande par email et l’acceptent ou la refusent\u00a0; vous êtes prévenu de leur réponse.',
    submit: 'Envoyer la demande',
    done: () => 'Demande envoyée à ceux qui gèrent la structure.',
  },
} as const

/** Invite a partner user (those who run the structure), or ask those who run it for one (an organisation working with it). */
export function InviteDialog({
  structureId,
  mode = 'invite',
  label = mode === 'invite' ? 'Inviter un utilisateur' : 'Demander un compte partenaire',
  variant = 'primary',
}: {
  structureId: string
  mode?: keyof typeof DIALOGS
  /** The empty list's own words, so that it is not read as the header's twin. */
  label?: string
  variant?: 'primary' | 'secondary'
}) {
  const texts = DIALOGS[mode]
  const formId = `${mode}-partner-user`
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', phone: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await texts.action(structureId, form).catch(() => FAILED)
    setSending(false)
    if (result.ok) {
      toast.success(texts.done(form.email.trim()))
      setOpen(false)
      setForm({ firstName: '', lastName: '', email: '', phone: '' })
      router.refresh()
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={texts.title}
        description={texts.description}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={formId} disabled={sending}>
              {sending ? 'Envoi…' : texts.submit}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError error={error} />
          <FeedbackField
            label="Prénom"
            value={form.firstName}
            onChange={(firstName) => set({ firstName })}
            error={errors.firstName}
            required
          />
          <FeedbackField
            label="Nom"
            value={form.lastName}
            onChange={(lastName) => set({ lastName })}
            error={errors.lastName}
            required
          />
          <FeedbackField
            label="Email"
            type="email"
            value={form.email}
            onChange={(email) => set({ email })}
            error={errors.email}
            required
          />
          <FeedbackField
            label="Téléphone"
            type="tel"
            value={form.phone}
            onChange={(phone) => set({ phone })}
            error={errors.phone}
          />
        </form>
      </Dialog>
    </>
  )
}
