'use client'

import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { ChoiceGroup, FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { CandidateChecklist, useCandidateChecklist } from '@/components/candidates/candidate-checklist'
import {
  inviteCandidatesAction,
  invitationThemesAction,
  searchCandidatesToInviteAction,
} from '@/lib/invitations/actions'
import type { InviteAnswer } from '@/lib/invitations/invite-feedback'
import { INVITATION_CHANNELS, INVITATION_MESSAGES, type InvitationChannel } from '@/lib/invitations/messages'
import { formatCount } from '@/lib/numbers'
import { InviteResult } from './invite-result'

const CHANNEL_CHOICES: Record<InvitationChannel, { label: string; hint: string }> = {
  sms: { label: 'SMS', hint: 'sur son mobile, dans les heures d’envoi' },
  mail: { label: 'E-mail', hint: 'à son adresse e-mail' },
  letter: { label: 'Courrier', hint: 'à imprimer et poster\u00a0: lien, QR code et code à taper' },
}

type Values = { theme: string; channels: InvitationChannel[] }

/**
 * "Inviter à un atelier" (workshops.modify): a theme with coming sessions, the channels, then the answer — who was
 * invited and by which channels (a letter to print), who was not and why. `candidateIds`: the people (the sheet's
 * one, the dashboard's selection); without them, a picker (the workshop page, its theme fixed). `themes`: the
 * choice, or null to read it as the dialog opens. `step`: a support-course step of kind "atelier" (its theme given):
 * the attendance at the session booked marks the step done.
 */
export function InviteDialog({
  candidateIds,
  theme,
  step,
  themes: given = null,
  onClose,
  onDone,
}: {
  candidateIds?: string[]
  theme?: string
  step?: { id: string; title: string }
  themes?: string[] | null
  onClose: () => void
  /** After an answer, once the dialog closes: refresh the page, clear the selection. */
  onDone: () => void
}) {
  const [themes, setThemes] = useState<string[] | null>(theme ? [theme] : given)
  const [result, setResult] = useState<InviteAnswer | null>(null)
  const picker = useCandidateChecklist((text) => searchCandidatesToInviteAction(theme ?? '', text))
  const ids = candidateIds ?? [...picker.chosen.keys()]
  const form = useActionForm({
    initial: (): Values => ({ theme: theme ?? (given?.length === 1 ? given[0]! : ''), channels: ['sms'] }),
    check: ({ theme, channels }) => ({
      ...(theme ? {} : { theme: INVITATION_MESSAGES.noTheme }),
      ...(channels.length ? {} : { channels: INVITATION_MESSAGES.noChannel }),
    }),
    action: (values) => inviteCandidatesAction({ ...values, candidateIds: ids, stepId: step?.id ?? null }),
    failure: 'Les invitations n’ont pas pu être envoyées. Réessayez dans un instant.',
    success: (answer) => (answer.invited.length ? answer.summary : null),
    onSuccess: (answer) => setResult(answer),
  })

  useEffect(() => {
    if (themes !== null) return
    invitationThemesAction()
      .then(setThemes)
      .catch(() => setThemes([]))
  }, [themes])

  const close = () => (result ? onDone() : onClose())
  const toggle = (channel: InvitationChannel, on: boolean) =>
    form.set({
      channels: INVITATION_CHANNELS.filter((c) => (c === channel ? on : form.values.channels.includes(c))),
    })
  const who = step
    ? `${candidateIds?.length === 1 ? 'Le candidat reçoit' : 'Chaque candidat reçoit'} un lien pour réserver une séance du thème «\u00a0${theme}\u00a0»\u00a0; sa présence à la séance marquera l’étape faite.`
    : candidateIds === undefined
      ? `Les candidats choisis reçoivent un lien pour réserver eux-mêmes une séance du thème «\u00a0${theme}\u00a0».`
      : `${formatCount(candidateIds.length, 'candidat')}\u00a0: ${candidateIds.length > 1 ? 'chacun reçoit' : 'il reçoit'} un lien pour réserver lui-même une séance du thème choisi.`

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={
        step
          ? `Inviter à l’étape «\u00a0${step.title}\u00a0»`
          : theme && candidateIds === undefined
            ? 'Inviter des candidats à ce thème'
            : 'Inviter à un atelier'
      }
      description={who}
      wide={candidateIds === undefined}
      footer={
        result ? (
          <Button onClick={onDone}>Terminer</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Annuler
            </Button>
            <Button
              type="submit"
              form={form.formProps.id}
              disabled={form.pending || ids.length === 0 || !themes?.length}
              aria-busy={form.pending}
            >
              {form.pending ? 'Envoi…' : ids.length > 1 ? `Inviter ${ids.length} candidats` : 'Inviter'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <InviteResult answer={result} />
      ) : (
        <div className="flex flex-col gap-4">
          {candidateIds === undefined && (
            // Outside the form: Enter in the search does not send the invitations.
            <CandidateChecklist picker={picker} takenLabel="déjà invité ou inscrit" announceResults />
          )}
          <form {...form.formProps} className="flex flex-col gap-4">
            <ErrorSummary form={form} />
            {theme ? null : themes === null ? (
              <p role="status" className="text-sm text-slate-700">
                Chargement des thèmes…
              </p>
            ) : themes.length === 0 ? (
              <p className="text-sm text-slate-700">
                Aucun thème n’a de séance à venir. Créez d’abord une séance d’atelier avec un thème.
              </p>
            ) : (
              <FormField as="select" label="Thème d’ateliers" required {...form.field('theme')}>
                <option value="">Choisir un thème</option>
                {themes.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </FormField>
            )}
            <ChoiceGroup legend="Envoyer par" required error={form.errors.channels}>
              {INVITATION_CHANNELS.map((c) => (
                <label key={c} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                    checked={form.values.channels.includes(c)}
                    onChange={(e) => toggle(c, e.target.checked)}
                  />
                  <span>
                    <span className="font-medium">{CHANNEL_CHOICES[c].label}</span>
                    <span className="text-slate-600"> — {CHANNEL_CHOICES[c].hint}</span>
                  </span>
                </label>
              ))}
            </ChoiceGroup>
          </form>
        </div>
      )}
    </Dialog>
  )
}
