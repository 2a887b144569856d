'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { ACCOUNT_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { toast } from '@/components/ui/toast'
import { useActionForm } from '@/components/ui/use-action-form'
import {
  invitePartnerUserAction,
  reinvitePartnerUserAction,
  requestStructureAccountAction,
  setPartnerUserDisabledAction,
  setStructureAdminAction,
} from '@/lib/partners/actions'
import { fullName } from '@/lib/person-name'
import { ofName } from '@/lib/text/french'

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
const BLANK = { firstName: '', lastName: '', email: '', phone: '' }

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
          {users.map((u) => (
            <UserRow key={u.id} user={u} structureId={structureId} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** One partner user, and for those who run the structure: re-invite, hand the administration on, disable. */
function UserRow({ user: u, structureId, canManage }: { user: PartnerUser; structureId: string; canManage: boolean }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  async function run(work: () => Promise<{ ok: boolean; error?: string }>, success: string) {
    setBusy(true)
    const result = await work().catch(() => FAILED)
    setBusy(false)
    if (result.ok) {
      toast.success(success)
      router.refresh()
    } else toast.error(result.error ?? FAILED.error)
  }
  const name = fullName(u) || u.email
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
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
              disabled={busy}
              onClick={() =>
                run(() => reinvitePartnerUserAction(structureId, u.id), `Invitation envoyée à ${u.email}.`)
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
              disabled={busy}
              onClick={() =>
                run(
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
            disabled={busy}
            onClick={() =>
              run(
                () => setPartnerUserDisabledAction(structureId, u.id, !u.disabled),
                u.disabled ? 'Compte réactivé.' : 'Compte désactivé\u00a0: ses sessions sont fermées.',
              )
            }
            aria-label={`${u.disabled ? 'Réactiver' : 'Désactiver'} le compte ${ofName(name)}`}
          >
            {u.disabled ? 'Réactiver' : 'Désactiver'}
          </Button>
        </span>
      )}
    </li>
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
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const form = useActionForm({
    initial: BLANK,
    action: async (values) => await texts.action(structureId, values),
    success: (_, values) => texts.done(values.email.trim()),
    onSuccess: () => {
      setOpen(false)
      form.reset(BLANK)
      router.refresh()
    },
  })
  const { field } = form
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
            <Button type="submit" form={form.formProps.id} disabled={form.pending}>
              {form.pending ? 'Envoi…' : texts.submit}
            </Button>
          </>
        }
      >
        <form {...form.formProps} className="flex flex-col gap-4">
          <ErrorSummary form={form} />
          <FormField label="Prénom" autoComplete="off" {...field('firstName')} required />
          <FormField label="Nom" autoComplete="off" {...field('lastName')} required />
          <FormField label="Email" type="email" autoComplete="off" {...field('email')} required />
          <FormField label="Téléphone" type="tel" autoComplete="off" {...field('phone')} />
        </form>
      </Dialog>
    </>
  )
}
