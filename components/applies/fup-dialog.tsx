'use client'

import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { useActionForm } from '@/components/ui/use-action-form'
import {
  type DialogApply,
  loadApplyForDialog,
  previewFupAction,
  sendFupAction,
} from '@/lib/prescriptions/actions-partner'
import { DecisionFields, FeedbackFields, LogoFields } from './fup-answer-fields'
import {
  checkAnswer,
  initialFupForm,
  logoChoicesOf,
  toAnswer,
  type FeedbackDefaults,
  type LogoChoice,
} from './fup-answer'
import { ClosedFup, PrescriptionSummary } from './fup-dialog-parts'
import { ofName } from '@/lib/text/french'

export type { FeedbackDefaults, LogoChoice } from './fup-answer'
type Answer = ReturnType<typeof toAnswer>

/**
 * The prescription-completion dialog (spec §2, §4, §5): the partner's decision first, then its details, the sheet's
 * beneficiary and prescription behind two disclosures, preview and send in the footer that never scrolls away. The
 * apply is loaded by the caller: an unknown one, or another structure's, never opens it.
 */
export function FupDialog({
  applyId,
  apply,
  defaults,
  logoChoices: offerLogos,
  onClose,
  onSent,
  send = (answer) => sendFupAction(applyId, answer),
  preview: previewOf = (answer) => previewFupAction(applyId, answer),
  reload = () => loadApplyForDialog(applyId).then((r) => (r.ok ? r.apply : null)),
}: {
  applyId: string
  apply: DialogApply
  defaults: FeedbackDefaults
  logoChoices: LogoChoice[]
  onClose: () => void
  onSent: (state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE') => void
  /** The answer's and the preview's actions: the partner's by default; a signed link's on its page. */
  send?: (answer: Answer) => ReturnType<typeof sendFupAction>
  preview?: (answer: Answer) => ReturnType<typeof previewFupAction>
  /** The prescription as it is now, when the answer found it answered meanwhile (null: cannot be read again). */
  reload?: () => Promise<DialogApply | null>
}) {
  const logoChoices = logoChoicesOf(offerLogos, apply.sponsorsLogo)
  // Answered or expired (before opening, or meanwhile): the dialog shows it read-only.
  const [closed, setClosed] = useState<{ apply: DialogApply; notSent: boolean } | null>(
    apply.state === 'PRESCRIPTION_FILLED' ? null : { apply, notSent: false },
  )
  const form = useActionForm({
    initial: () => initialFupForm(defaults),
    check: (values) => checkAnswer(values, logoChoices),
    action: async (values) => {
      const result = await send(toAnswer(values, logoChoices))
      if (!result.ok && 'closed' in result && result.closed) {
        const now = await reload().catch(() => null)
        if (now && now.state !== 'PRESCRIPTION_FILLED') setClosed({ apply: now, notSent: true })
      }
      return result
    },
    failure: 'L’envoi a échoué. Réessayez dans un instant.',
    // The offer's page says it, with the tab the answer moved to.
    onSuccess: (result) => onSent(result.state),
  })
  const preview = usePdfPreview()

  if (closed)
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={`Prescription ${ofName(apply.candidateName)}`}
        description={`${apply.offerName} - ${apply.providerName}`}
        wide
        footer={<Button onClick={onClose}>Fermer</Button>}
      >
        <ClosedFup apply={closed.apply} notSent={closed.notSent} />
      </Dialog>
    )
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Compléter la prescription ${ofName(apply.candidateName)}`}
      description={`${apply.offerName} - ${apply.providerName}`}
      wide
      footer={
        <>
          <Button
            variant="secondary"
            disabled={form.pending}
            onClick={() => form.run((values) => previewOf(toAnswer(values, logoChoices)), preview.show)}
          >
            Prévisualiser
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending} aria-busy={form.pending || undefined}>
            {form.pending ? 'Envoi…' : 'Envoyer la réponse'}
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-5">
        <ErrorSummary form={form} />
        <PrescriptionSummary apply={apply} />
        <DecisionFields form={form} causes={apply.causes} />
        <FeedbackFields form={form} />
        <LogoFields form={form} choices={logoChoices} />
        {preview.url && (
          <iframe
            title="Aperçu de la fiche de suivi"
            src={preview.url}
            className="h-[70vh] w-full rounded-md border border-slate-200"
          />
        )}
      </form>
    </Dialog>
  )
}

/** The previewed sheet as an object URL, released when replaced or when the dialog closes. */
function usePdfPreview() {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  const show = ({ pdfBase64 }: { ok: true; pdfBase64: string }) => {
    const bytes = Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0))
    setUrl(URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })))
  }
  return { url, show }
}
