'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { markStepDoneAction, stepLinkChoicesAction } from '@/lib/support-courses/actions'

type LinkChoice = { id: string; label: string; day: string | null }
type Done = { doneOn: string; comment: string; linkId: string }

/** What the action reads: the day, the comment, and the workshop or prescription linked (none: null). */
const doneOf = (linkKind: 'workshop' | 'prescription' | null, { doneOn, comment, linkId }: Done) => ({
  doneOn,
  comment,
  ...(linkKind === 'workshop' ? { workshopRegistrationId: linkId || null } : {}),
  ...(linkKind === 'prescription' ? { applyId: linkId || null } : {}),
})

/** A step's "Marquer comme faite": the day (today by default), a comment, and for some kinds what it was. */
export function StepDoneDialog({
  enrolmentId,
  stepId,
  kind,
  label,
  today,
  onClose,
}: {
  enrolmentId: string
  stepId: string
  kind: string
  label: string
  today: string
  onClose: () => void
}) {
  const router = useRouter()
  const linkKind = kind === 'workshop' || kind === 'prescription' ? kind : null
  const choices = useLinkChoices(enrolmentId, linkKind)
  const form = useActionForm({
    initial: { doneOn: today, comment: '', linkId: '' },
    action: (values) => markStepDoneAction(enrolmentId, stepId, doneOf(linkKind, values)),
    success: 'Étape enregistrée.',
    onSuccess: () => {
      onClose()
      router.refresh()
    },
  })
  const { field, set, errors } = form
  // Choosing the workshop or prescription takes its day.
  const link = (linkId: string) =>
    set({ linkId, doneOn: choices?.find((c) => c.id === linkId)?.day ?? form.values.doneOn })
  const empty =
    linkKind === 'workshop' ? 'Aucun atelier où le candidat a été présent' : 'Aucune prescription pour ce candidat'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Étape faite\u00a0: ${label}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending}>
            Enregistrer
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-4">
        <ErrorSummary form={form} />
        {linkKind && (
          <FormField
            label={linkKind === 'workshop' ? 'Atelier suivi' : 'Prescription'}
            as="select"
            value={form.values.linkId}
            onChange={link}
            error={errors.workshopRegistrationId ?? errors.applyId}
            disabled={choices === null}
          >
            <option value="">{choices === null ? 'Chargement…' : choices.length === 0 ? empty : 'Sans lien'}</option>
            {choices?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </FormField>
        )}
        <FormField label="Faite le" type="date" {...field('doneOn')} required />
        <FormField label="Commentaire" as="textarea" rows={3} {...field('comment')} />
      </form>
    </Dialog>
  )
}

/** The workshops the candidate attended, or their prescriptions, read when the dialog opens. */
function useLinkChoices(enrolmentId: string, linkKind: 'workshop' | 'prescription' | null) {
  const [choices, setChoices] = useState<LinkChoice[] | null>(null)
  useEffect(() => {
    if (linkKind) stepLinkChoicesAction(enrolmentId, linkKind).then(setChoices, () => setChoices([]))
  }, [linkKind, enrolmentId])
  return choices
}
