'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { CauseField } from '@/components/applies/fup-dialog-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { ChoiceGroup, FormField } from '@/components/ui/form-field'
import { useActionForm, type FormState } from '@/components/ui/use-action-form'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { manualStatusAction } from '@/lib/prescriptions/actions-referent'
import { manualStatusSchema } from '@/lib/prescriptions/prescription-schema'

type Current = { state: string; firstReceptionDate: string | null; assessmentDate: string | null; cause: string | null }
type Props = { applyId: string; offerName: string; causes: { code: string; label: string }[]; current: Current }
type Status = {
  state: '' | 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'
  firstReceptionDate: string
  assessmentDate: string
  cause: string
}

/** What the action reads: the dates of an integration, or the cause of a refusal. */
const payloadOf = (s: Status) =>
  s.state === 'INTEGRATED_CANDIDATE'
    ? { state: s.state, firstReceptionDate: s.firstReceptionDate, assessmentDate: s.assessmentDate }
    : s.state === 'REFUSED_STRUCTURE'
      ? { state: s.state, cause: s.cause }
      : {}

const STATES = [
  ['INTEGRATED_CANDIDATE', 'Intégré'],
  ['REFUSED_STRUCTURE', 'Refusé'],
] as const

/** A manual prescription's answer, recorded by the referent: integrated (with dates) or refused (with a cause). */
export function ManualStatusButton(props: Props) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        aria-label={`Mettre à jour le statut de la prescription à l’offre ${props.offerName}`}
        onClick={() => setOpen(true)}
      >
        Mettre à jour le statut
      </Button>
      {/* Mounted while open: each opening starts from the stored answer. */}
      {open && <ManualStatusDialog {...props} onClose={() => setOpen(false)} />}
    </>
  )
}

function ManualStatusDialog({ applyId, offerName, causes, current, onClose }: Props & { onClose: () => void }) {
  const router = useRouter()
  const form = useActionForm({
    initial: (): Status => ({
      state: current.state === 'PRESCRIPTION_FILLED' ? '' : (current.state as Status['state']),
      firstReceptionDate: current.firstReceptionDate ?? '',
      assessmentDate: current.assessmentDate ?? '',
      cause: current.cause ?? '',
    }),
    check: (values) => {
      const parsed = manualStatusSchema.safeParse(payloadOf(values))
      return parsed.success ? {} : fieldErrorsOf(parsed.error)
    },
    action: (values) => manualStatusAction(applyId, payloadOf(values)),
    failure: 'Le statut n’a pas pu être enregistré. Réessayez dans un instant.',
    success: 'Statut de la prescription mis à jour.',
    onSuccess: () => {
      onClose()
      router.refresh()
    },
  })
  const { values, set, errors } = form
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mettre à jour le statut"
      description={`Prescription manuelle à l’offre «\u00a0${offerName}\u00a0»\u00a0: indiquez la réponse du partenaire.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending}>
            {form.pending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-4">
        <ErrorSummary form={form} />
        <StateChoice form={form} />
        {values.state === 'INTEGRATED_CANDIDATE' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Date du 1er accueil"
              type="date"
              value={values.firstReceptionDate}
              onChange={(firstReceptionDate) => set({ firstReceptionDate })}
              error={errors.firstReceptionDate}
              required
            />
            <FormField
              label="Date du bilan prévu"
              type="date"
              value={values.assessmentDate}
              onChange={(assessmentDate) => set({ assessmentDate })}
              error={errors.assessmentDate}
            />
          </div>
        )}
        {values.state === 'REFUSED_STRUCTURE' && (
          <CauseField value={values.cause} onChange={(cause) => set({ cause })} error={errors.cause} causes={causes} />
        )}
      </form>
    </Dialog>
  )
}

/** Integrated or refused; changing it clears the dates and the cause. */
function StateChoice({ form }: { form: FormState<Status> }) {
  return (
    <ChoiceGroup legend="Réponse du partenaire" error={form.errors.state} required>
      <div className="flex gap-6">
        {STATES.map(([state, label]) => (
          <label key={state} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="manual-status-state"
              checked={form.values.state === state}
              onChange={() => form.set({ state, firstReceptionDate: '', assessmentDate: '', cause: '' })}
              className="h-4 w-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  )
}
