'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import type { DialogApply } from '@/lib/prescriptions/partner-answers-fup'
import {
  previewFupByLinkAction,
  renewAnswerLinkAction,
  requestAccountByLinkAction,
  sendFupByLinkAction,
} from '@/lib/prescriptions/actions-link'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { FupDialog, type FeedbackDefaults } from './fup-dialog'
import { PrescriptionSummary } from './fup-dialog-parts'
import { ofName } from '@/lib/text/french'

/**
 * A signed link's page (app/(standalone)/reponse): the prescription's sheet and "Répondre", which opens the partners'
 * completion dialog with the link's actions; once sent, what happens next.
 */
export function LinkAnswer({
  token,
  apply,
  defaults,
}: {
  token: string
  apply: DialogApply
  defaults: FeedbackDefaults
}) {
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState<'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE' | null>(null)
  if (sent)
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
        Réponse envoyée ({sent === 'INTEGRATED_CANDIDATE' ? 'candidat intégré' : 'candidat non intégré'})&nbsp;: le
        référent est prévenu. Vous pouvez fermer cette page.
      </p>
    )
  return (
    <>
      <h2 className="text-lg font-semibold text-slate-900">Prescription {ofName(apply.candidateName)}</h2>
      <PrescriptionSummary apply={apply} />
      <div>
        <Button onClick={() => setOpen(true)}>Répondre à la prescription</Button>
      </div>
      <AccountRequest token={token} />
      {open && (
        <FupDialog
          applyId={apply.id}
          apply={apply}
          defaults={defaults}
          logoChoices={[]}
          onClose={() => setOpen(false)}
          onSent={(state) => {
            setOpen(false)
            setSent(state)
          }}
          send={(answer) => sendFupByLinkAction(token, answer)}
          preview={(answer) => previewFupByLinkAction(token, answer)}
          // Signed out, the page itself says what the prescription holds once reloaded.
          reload={async () => null}
        />
      )}
    </>
  )
}

/** "Recevoir un nouveau lien": sent to the structure's contact address, which the answer names masked. */
export function RenewLinkButton({ token }: { token: string }) {
  const [pending, setPending] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  if (sentTo)
    return (
      <p role="status" className="text-sm text-emerald-900">
        Un nouveau lien a été envoyé à l’adresse de contact de la structure ({sentTo}).
      </p>
    )
  return (
    <div>
      <Button
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={async () => {
          setPending(true)
          const result = await renewAnswerLinkAction(token).catch(() => null)
          setPending(false)
          if (!result) return toast.error('L’envoi a échoué. Réessayez dans un instant.')
          if (!result.ok) return toast.error(result.error)
          setSentTo(result.sentTo ?? '')
        }}
      >
        Recevoir un nouveau lien
      </Button>
    </div>
  )
}

/**
 * "Demander un compte pour la structure", under the answer: a person of the structure asks for an account, which those
 * who run the structure in Passerelle accept or refuse (the answer goes to the structure's contact address).
 */
function AccountRequest({ token }: { token: string }) {
  const [sent, setSent] = useState(false)
  const form = useActionForm({
    initial: { firstName: '', lastName: '', email: '', phone: '' },
    action: (values) => requestAccountByLinkAction(token, values),
    failure: 'La demande n’a pas pu être envoyée. Réessayez dans un instant.',
    onSuccess: () => setSent(true),
  })
  if (sent)
    return (
      <p role="status" className="text-sm text-emerald-900">
        Demande envoyée&nbsp;: ceux qui gèrent la structure dans Passerelle l’accepteront ou la refuseront, et la
        réponse arrivera à l’adresse de contact de la structure.
      </p>
    )
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">Demander un compte pour la structure</summary>
      <p className="mt-2 text-slate-700">
        Avec un compte, la structure répond à toutes ses prescriptions au même endroit, sans lien à attendre.
      </p>
      <form {...form.formProps} className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorSummary form={form} />
        </div>
        <FormField label="Prénom" {...form.field('firstName')} required autoComplete="given-name" />
        <FormField label="Nom" {...form.field('lastName')} required autoComplete="family-name" />
        <FormField label="Email" type="email" {...form.field('email')} required autoComplete="email" />
        <FormField label="Téléphone" type="tel" {...form.field('phone')} autoComplete="tel" />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={form.pending} aria-busy={form.pending || undefined}>
            Envoyer la demande
          </Button>
        </div>
      </form>
    </details>
  )
}
