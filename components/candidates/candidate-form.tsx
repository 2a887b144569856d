'use client'

import { useEffect, useRef, useState } from 'react'
import Link from '@/components/ui/link'
import { useRouter } from 'next/navigation'
import { Button, buttonClass } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { useActionForm } from '@/components/ui/use-action-form'
import { createCandidateAction, updateCandidateAction } from '@/lib/candidates/actions'
import { validateCandidate } from '@/lib/candidates/candidate-schema'
import type { DuplicateMatch } from '@/lib/candidates/duplicates'
import { parisToday } from '@/lib/dates'
import { EssentialFields, IdentityFields, SituationFields } from './candidate-form-sections'
import {
  candidateInputOf,
  customFieldsByNeed,
  savedOf,
  type CandidateFormSettings,
  type CandidateFormState,
  type CandidateFormValues,
} from './candidate-form-values'
import { DuplicateWarning } from './duplicate-warning'

type Props = { settings: CandidateFormSettings; initial: CandidateFormValues; cancelHref: string } & (
  | { mode: 'create'; orientationId?: string }
  | { mode: 'edit'; candidateId: string; hasNir: boolean; returnHref: string }
)

/**
 * The candidate's identity and situation: /v2/candidate/create, and the sheet's edit form (prefilled). Required
 * fields first (a quick creation needs only them). It checks with the same pure function as the server
 * (validateCandidate) before sending; the server checks again, with the organisation's references and the
 * duplicates, and its French messages land under the same fields.
 */
export function CandidateForm(props: Props) {
  const { settings, cancelHref } = props
  const router = useRouter()
  const editing = props.mode === 'edit'
  // Look-alikes found for these very values: any change puts the form back (the warning goes).
  const [duplicates, setDuplicates] = useState<{ of: CandidateFormState; matches: DuplicateMatch[] } | null>(null)
  const save = async (values: CandidateFormState, confirmDuplicates = false) =>
    savedOf(
      props.mode === 'create'
        ? await createCandidateAction(candidateInputOf(values), confirmDuplicates, props.orientationId)
        : await updateCandidateAction(props.candidateId, candidateInputOf(values), values.clearNir),
    )
  const form = useActionForm({
    initial: (): CandidateFormState => ({ ...props.initial, clearNir: false }),
    check: (values) => {
      const checked = validateCandidate(candidateInputOf(values), settings.customFields, parisToday(new Date()))
      return checked.ok ? {} : checked.errors
    },
    action: (values) => save(values),
    success: (saved) =>
      saved.duplicates
        ? null
        : saved.id
          ? 'Candidat créé.'
          : saved.changed?.length
            ? 'Fiche du candidat mise à jour.'
            : 'Aucune modification à enregistrer.',
    onSuccess: (saved, values) => {
      if (saved.duplicates) return setDuplicates({ of: values, matches: saved.duplicates })
      if (props.mode === 'create') return router.push(`/v2/candidate/${saved.id}`)
      router.push(props.returnHref)
      router.refresh()
    },
  })
  const warning = duplicates?.of === form.values ? duplicates.matches : null
  const warningRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (warning) warningRef.current?.focus()
  }, [warning])
  const fields = customFieldsByNeed(settings.customFields)
  // The birth date's last day on its picker (the check reads the day again when it runs).
  const [today] = useState(() => parisToday(new Date()))

  return (
    <form {...form.formProps} className="flex max-w-4xl flex-col gap-6" aria-describedby="candidate-form-required">
      <p id="candidate-form-required" className="text-sm text-slate-600">
        Les champs marqués d’un astérisque (*) sont obligatoires.
      </p>
      <ErrorSummary form={form} />
      <EssentialFields form={form} required={fields.required} creating={!editing} />
      <IdentityFields form={form} hasNir={editing && props.hasNir} today={today} />
      <SituationFields form={form} settings={settings} optional={fields.optional} />
      {warning && (
        <DuplicateWarning
          ref={warningRef}
          duplicates={warning}
          pending={form.pending}
          onConfirm={() => form.submitWith((values) => save(values, true))}
          onDismiss={() => setDuplicates(null)}
        />
      )}
      <div className="flex flex-wrap gap-3">
        {!warning && (
          <Button type="submit" disabled={form.pending} aria-busy={form.pending || undefined}>
            {form.pending ? 'Enregistrement…' : editing ? 'Enregistrer les modifications' : 'Créer le candidat'}
          </Button>
        )}
        <Link href={cancelHref} className={buttonClass('secondary')}>
          Annuler
        </Link>
      </div>
    </form>
  )
}
