'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { CandidateChecklist, useCandidateChecklist } from '@/components/candidates/candidate-checklist'
import {
  createCourseAction,
  enrolCandidatesAction,
  leaveCourseAction,
  saveStepsAction,
  searchCandidatesToEnrolAction,
} from '@/lib/support-courses/actions'
import { StepDoneDialog } from './course-step-dialog'
import { StepRow, type Step } from './course-step-row'
import { ofName } from '@/lib/text/french'

/** "Créer un parcours": its name, description and owner; then its page opens to write its steps. */
export function CreateCourseDialog({
  owners,
  defaultOwnerId,
  label = 'Créer un parcours',
  variant = 'primary',
}: {
  owners: { id: string; name: string }[]
  defaultOwnerId: string
  /** The empty list's own words, so that it is not read as the header's twin. */
  label?: string
  variant?: 'primary' | 'secondary'
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const form = useActionForm({
    initial: { name: '', description: '', ownerId: defaultOwnerId },
    action: (values) => createCourseAction(values),
    success: 'Parcours créé\u00a0: écrivez ses étapes.',
    onSuccess: (result) => router.push(`/support-courses/${result.id}`),
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
        title="Créer un parcours"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={form.formProps.id} disabled={form.pending}>
              Créer le parcours
            </Button>
          </>
        }
      >
        <form {...form.formProps} className="flex flex-col gap-4">
          <ErrorSummary form={form} />
          <FormField label="Nom du parcours" {...field('name')} required />
          <FormField label="Description" as="textarea" rows={3} {...field('description')} />
          <FormField label="Responsable" as="select" {...field('ownerId')} required>
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </FormField>
        </form>
      </Dialog>
    </>
  )
}

// A new step's React key: stable while the page lives, never an id.
let added = 0

/** The course's steps: edited, reordered (buttons, so by keyboard too), added, removed; one save. */
export function StepsEditor({
  courseId,
  steps,
  themes,
}: {
  courseId: string
  steps: {
    id: string
    title: string
    kind: string
    delayDays: number
    delayFrom: string
    workshopTheme: string | null
  }[]
  /** The organisation's workshop themes, for a step of kind "atelier". */
  themes: string[]
}) {
  const router = useRouter()
  const form = useActionForm({
    initial: () => ({
      rows: steps.map((s): Step => ({
        key: s.id,
        ...s,
        delayDays: String(s.delayDays),
        workshopTheme: s.workshopTheme ?? '',
      })),
    }),
    action: ({ rows }) => saveStepsAction(courseId, { steps: rows.map(({ key: _key, ...r }) => r) }),
    success: 'Étapes enregistrées. Les progressions passées des candidats ne changent pas.',
    onSuccess: () => router.refresh(),
  })
  const { rows } = form.values
  const setRows = (next: Step[]) => form.set({ rows: next })
  const update = (i: number, patch: Partial<Step>) => {
    setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)))
    form.clear(...Object.keys(patch).map((key) => `steps.${i}.${key}`))
  }
  const move = (i: number, by: number) => {
    const next = [...rows]
    const [row] = next.splice(i, 1)
    next.splice(i + by, 0, row!)
    setRows(next)
  }
  const add = () =>
    setRows([
      ...rows,
      {
        key: `new-${++added}`,
        id: null,
        title: '',
        kind: 'interview',
        delayDays: '7',
        delayFrom: rows.length ? 'previous' : 'enrolment',
        workshopTheme: '',
      },
    ])
  return (
    <form {...form.formProps} className="flex flex-col gap-3" aria-label="Étapes du parcours">
      <ErrorSummary form={form} />
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => (
          <StepRow
            key={row.key}
            step={row}
            index={i}
            last={i === rows.length - 1}
            themes={themes}
            errors={form.errors}
            onChange={(patch) => update(i, patch)}
            onMove={(by) => move(i, by)}
            onRemove={() => setRows(rows.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={add}>
          Ajouter une étape
        </Button>
        <Button type="submit" disabled={form.pending}>
          Enregistrer les étapes
        </Button>
      </div>
    </form>
  )
}

export function EnrolCandidatesDialog({
  courseId,
  label = 'Inscrire des candidats',
  variant = 'primary',
}: {
  courseId: string
  /** The empty list's own words, so that it is not read as the header's twin. */
  label?: string
  variant?: 'primary' | 'secondary'
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const picker = useCandidateChecklist((text) => searchCandidatesToEnrolAction(courseId, text))
  const { chosen, reset } = picker
  const form = useActionForm({
    initial: {},
    action: () => enrolCandidatesAction(courseId, { candidateIds: [...chosen.keys()] }),
    success: () =>
      `${chosen.size} candidat${chosen.size > 1 ? 's' : ''} inscrit${chosen.size > 1 ? 's' : ''} au parcours.`,
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
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Inscrire des candidats au parcours"
        wide
        footer={
          <>
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Annuler
            </Button>
            <Button onClick={() => form.submit()} disabled={chosen.size === 0 || form.pending}>
              {chosen.size > 1 ? `Inscrire ${chosen.size} candidats` : 'Inscrire le candidat'}
            </Button>
          </>
        }
      >
        {/* Not a form: Enter in the search must not enrol the candidates ticked so far. */}
        <div className="flex flex-col gap-4">
          <ErrorSummary form={form} />
          <CandidateChecklist picker={picker} takenLabel="déjà inscrit" showPlace={false} />
        </div>
      </Dialog>
    </>
  )
}

/**
 * A step's "Marquer comme faite": the day (today by default) and a comment. A step of kind "atelier" or "prescription"
 * may be linked to the workshop the candidate attended or to their prescription; choosing one takes its day.
 */
export function StepDoneButton(props: {
  enrolmentId: string
  stepId: string
  kind: string
  label: string
  today: string
}) {
  // A course's page shows up to 200 of these: the dialog and its form state exist only once opened (a fresh form each time).
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        className="px-2 py-1 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`Marquer faite\u00a0: ${props.label}`}
      >
        Marquer faite
      </Button>
      {open && <StepDoneDialog {...props} onClose={() => setOpen(false)} />}
    </>
  )
}

/** "Quitter le parcours": terminé or abandonné, with a reason. */
export function LeaveCourseButton(props: { enrolmentId: string; name: string }) {
  // One per enrolled candidate of the page: the dialog and its form state exist only once opened.
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        className="px-2 py-1 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`Sortie du parcours ${ofName(props.name)}`}
      >
        Quitter le parcours
      </Button>
      {open && <LeaveCourseDialog {...props} onClose={() => setOpen(false)} />}
    </>
  )
}

function LeaveCourseDialog({ enrolmentId, name, onClose }: { enrolmentId: string; name: string; onClose: () => void }) {
  const router = useRouter()
  const form = useActionForm({
    initial: { outcome: 'finished', reason: '' },
    action: (values) => leaveCourseAction(enrolmentId, values),
    success: `${name} a quitté le parcours.`,
    onSuccess: () => {
      onClose()
      router.refresh()
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Sortie du parcours ${ofName(name)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={form.formProps.id} disabled={form.pending}>
            Enregistrer la sortie
          </Button>
        </>
      }
    >
      <form {...form.formProps} className="flex flex-col gap-4">
        <ErrorSummary form={form} />
        <FormField label="Issue" as="select" {...form.field('outcome')}>
          <option value="finished">Terminé</option>
          <option value="abandoned">Abandonné</option>
        </FormField>
        <FormField label="Motif" {...form.field('reason')} required />
      </form>
    </Dialog>
  )
}
