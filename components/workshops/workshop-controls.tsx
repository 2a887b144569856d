'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { toast } from '@/components/ui/toast'
import { useActionForm } from '@/components/ui/use-action-form'
import { CandidateChecklist, useCandidateChecklist } from '@/components/candidates/candidate-checklist'
import {
  cancelRegistrationAction,
  cancelWorkshopAction,
  markAllPresentAction,
  registerCandidatesAction,
  searchCandidatesToRegisterAction,
  setAttendanceAction,
} from '@/lib/workshops/actions'
import { registrationFeedback, type RegistrationOutcome } from '@/lib/workshops/registration-feedback'
import { ATTENDANCE_LABELS } from '@/lib/workshops/schemas'
import { ofName } from '@/lib/text/french'

const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }

/** "Inscrire des candidats": search the organisation's candidates and register several at once. */
export function RegisterCandidatesDialog({ workshopId, freeSeats }: { workshopId: string; freeSeats: number }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const picker = useCandidateChecklist((text) => searchCandidatesToRegisterAction(workshopId, text))
  const { chosen, reset } = picker
  const form = useActionForm({
    initial: {},
    action: () => registerCandidatesAction(workshopId, { candidateIds: [...chosen.keys()] }),
    success: (result) => registrationFeedback(result as unknown as RegistrationOutcome),
    onSuccess: () => {
      changeOpen(false)
      router.refresh()
    },
  })
  // Closing empties the dialog: its error, the search, the results and the choice.
  const changeOpen = (next: boolean) => {
    setOpen(next)
    if (!next) {
      form.reset()
      reset()
    }
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Inscrire des candidats</Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Inscrire des candidats"
        description={
          freeSeats > 0
            ? `${freeSeats} place${freeSeats > 1 ? 's' : ''} libre${freeSeats > 1 ? 's' : ''}\u00a0; au-delà, les candidats vont en liste d’attente, dans l’ordre.`
            : 'L’atelier est complet\u00a0: les candidats vont en liste d’attente, dans l’ordre.'
        }
        wide
        footer={
          <>
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Annuler
            </Button>
            <Button onClick={() => form.submit()} disabled={form.pending || chosen.size === 0}>
              {form.pending
                ? 'Inscription…'
                : chosen.size > 1
                  ? `Inscrire ${chosen.size} candidats`
                  : 'Inscrire le candidat'}
            </Button>
          </>
        }
      >
        {/* Not a form: Enter in the search must not register the candidates ticked so far. */}
        <div className="flex flex-col gap-4">
          <ErrorSummary form={form} />
          <CandidateChecklist picker={picker} takenLabel="déjà inscrit" />
          {chosen.size > 0 && <p className="text-sm">{`Dans l’ordre\u00a0: ${[...chosen.values()].join(', ')}`}</p>}
        </div>
      </Dialog>
    </>
  )
}

/** A registration's "Désinscrire", confirmed; a freed seat goes to the first of the waitlist. */
export function CancelRegistrationButton({ registrationId, name }: { registrationId: string; name: string }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1"
        onClick={() => setOpen(true)}
        aria-label={`Désinscrire ${name}`}
      >
        Désinscrire
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Désinscrire ${name}\u00a0?`}
        description="Sa place revient au premier candidat de la liste d’attente, qui est prévenu par SMS."
        confirmLabel="Désinscrire"
        pending={pending}
        onConfirm={async () => {
          setPending(true)
          const result = await cancelRegistrationAction(registrationId).catch(() => FAILED)
          setPending(false)
          setOpen(false)
          if (!result.ok) return toast.error(result.error)
          const { promoted } = result as unknown as { promoted: number }
          toast.success(
            promoted
              ? 'Inscription annulée\u00a0: le premier de la liste d’attente a la place et en est prévenu.'
              : 'Inscription annulée.',
          )
          router.refresh()
        }}
      />
    </>
  )
}

/** Present at a session booked from an invitation to a support-course step: the step is done. */
const stepsDoneSentence = (n: number) =>
  n > 1
    ? `${n} étapes de parcours sont faites (invitations à ces étapes).`
    : 'L’étape de parcours à laquelle le candidat était invité est faite.'

/** Attendance of one registration, once the workshop has started. */
export function AttendanceSelect({
  registrationId,
  name,
  value,
}: {
  registrationId: string
  name: string
  value: string | null
}) {
  const router = useRouter()
  const [current, setCurrent] = useState(value ?? '')
  return (
    <select
      aria-label={`Présence ${ofName(name)}`}
      value={current}
      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      onChange={async (e) => {
        const next = e.target.value
        setCurrent(next)
        const result = await setAttendanceAction(registrationId, { attendance: next }).catch(() => FAILED)
        if (!result.ok) {
          setCurrent(value ?? '')
          return toast.error(result.error)
        }
        const { stepsDone } = result as unknown as { stepsDone: number }
        if (stepsDone) toast.success(stepsDoneSentence(stepsDone))
        router.refresh()
      }}
    >
      <option value="" disabled>
        À renseigner
      </option>
      {Object.entries(ATTENDANCE_LABELS).map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  )
}

export function AllPresentButton({ workshopId }: { workshopId: string }) {
  const router = useRouter()
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        const result = await markAllPresentAction(workshopId).catch(() => FAILED)
        if (!result.ok) return toast.error(result.error)
        const { marked, stepsDone } = result as unknown as { marked: number; stepsDone: number }
        toast.success(
          `${marked} candidat${marked > 1 ? 's' : ''} marqué${marked > 1 ? 's' : ''} présent${marked > 1 ? 's' : ''}.` +
            (stepsDone ? ` ${stepsDoneSentence(stepsDone)}` : ''),
        )
        router.refresh()
      }}
    >
      Tous présents
    </Button>
  )
}

/** "Annuler l’atelier", confirmed: every registered and waitlisted candidate is told. */
export function CancelWorkshopButton({ workshopId, people }: { workshopId: string; people: number }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Annuler l’atelier
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={'Annuler l’atelier\u00a0?'}
        description={
          people
            ? `Les ${people} candidat${people > 1 ? 's' : ''} inscrit${people > 1 ? 's' : ''} ou en attente ${people > 1 ? 'sont prévenus' : 'est prévenu'} par SMS, et par email quand il${people > 1 ? 's en ont' : ' en a'} un.`
            : 'Aucun candidat n’est inscrit.'
        }
        confirmLabel="Annuler l’atelier"
        pending={pending}
        onConfirm={async () => {
          setPending(true)
          const result = await cancelWorkshopAction(workshopId).catch(() => FAILED)
          setPending(false)
          setOpen(false)
          if (!result.ok) return toast.error(result.error)
          toast.success('Atelier annulé\u00a0: les candidats sont prévenus.')
          router.refresh()
        }}
      />
    </>
  )
}
