'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { toast } from '@/components/ui/toast'
import { useActionForm } from '@/components/ui/use-action-form'
import { diagnosisSuggestionsAction, saveDiagnosisAction } from '@/lib/diagnosis/actions'
import type { DiagnosisAnswers } from '@/lib/diagnosis/choices'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { BarriersStep, ProjectStep, SummaryStep, type Suggestion } from './diagnosis-steps'
import { answersOf, diagnosisValuesOf, type DiagnosisValues, type WizardChallenge } from './diagnosis-values'

export type { WizardChallenge } from './diagnosis-values'

const STEPS = ['Projet', 'Freins', 'Synthèse'] as const

/**
 * The counsellor's diagnosis, filled with the person (screen shared): the project, the barriers of each of the
 * organisation's challenges, then the summary with the offers that answer them ("Prescrire" opens the prescription
 * dialog with the offer chosen). Each "Suivant" saves a draft; "Terminer le diagnostic" makes it count.
 */
export function DiagnosisWizard({
  candidate,
  challenges,
  initial,
  prescribe,
}: {
  candidate: { id: string; name: string }
  challenges: WizardChallenge[]
  initial: DiagnosisAnswers
  prescribe: { defaults: PrescriberDefaults; today: string } | null
}) {
  const router = useRouter()
  const [step, setStep] = useState(0)
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null)
  const save = (values: DiagnosisValues, complete: boolean) =>
    saveDiagnosisAction(candidate.id, answersOf(values, challenges), complete)
  const form = useActionForm({
    initial: () => diagnosisValuesOf(initial, challenges),
    action: (values) => save(values, true),
    success: 'Diagnostic enregistré.',
    onSuccess: () => router.push(`/v2/candidate/${candidate.id}`),
  })
  const headingRef = useStepFocus(step)

  // Each step saves a draft before the next; the summary reads the offers for the barriers as they are now.
  const next = () =>
    form.run(
      (values) => save(values, false),
      () => {
        setStep(step + 1)
        if (step + 1 === 2) loadSuggestions()
      },
    )
  const loadSuggestions = () => {
    setSuggestions(null)
    diagnosisSuggestionsAction(candidate.id, answersOf(form.values, challenges))
      .then((r) => setSuggestions(r.ok ? r.offers : []))
      .catch(() => {
        setSuggestions([])
        toast.error('Les offres suggérées n’ont pas pu être lues. Revenez à l’étape précédente pour réessayer.')
      })
  }

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        if (step === 2) return form.submit(event)
        event.preventDefault()
        next()
      }}
      className="flex flex-col gap-6"
    >
      <StepList step={step} />
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        Étape {step + 1} sur 3&nbsp;: {STEPS[step]}
      </h2>
      <ErrorSummary form={form} />
      {step === 0 && <ProjectStep form={form} />}
      {step === 1 && <BarriersStep form={form} challenges={challenges} />}
      {step === 2 && <SummaryStep values={form.values} {...{ challenges, suggestions, candidate, prescribe }} />}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        {step > 0 && (
          <Button variant="secondary" disabled={form.pending} onClick={() => setStep(step - 1)}>
            Précédent
          </Button>
        )}
        <Button type="submit" disabled={form.pending} aria-busy={form.pending || undefined}>
          {form.pending ? 'Enregistrement…' : step < 2 ? 'Suivant' : 'Terminer le diagnostic'}
        </Button>
      </div>
    </form>
  )
}

function StepList({ step }: { step: number }) {
  return (
    <nav aria-label="Étapes du diagnostic">
      <ol className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${i === step ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** A new step's heading takes the focus (not on the first render: the page's own heading keeps it). */
function useStepFocus(step: number) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])
  return headingRef
}
