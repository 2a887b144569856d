'use client'

import { useEffect, useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, TextAreaField, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { CandidateChecklist, useCandidateChecklist } from '@/components/candidates/candidate-checklist'
import {
  createCourseAction,
  enrolCandidatesAction,
  leaveCourseAction,
  markStepDoneAction,
  saveStepsAction,
  searchCandidatesToEnrolAction,
  stepLinkChoicesAction,
} from '@/lib/support-courses/actions'
import { DELAY_FROM, STEP_KINDS } from '@/lib/support-courses/schemas'

const FAILED = { ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }
const fieldErrors = (r: object) => ('fieldErrors' in r ? ((r as { fieldErrors?: Errors }).fieldErrors ?? {}) : {})

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
  const [form, setForm] = useState({ name: '', description: '', ownerId: defaultOwnerId })
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const result = await createCourseAction(form).catch(() => FAILED)
    if (result.ok) {
      toast.success('Parcours créé\u00a0: écrivez ses étapes.')
      router.push(`/support-courses/${(result as unknown as { id: string }).id}`)
      return
    }
    setErrors(fieldErrors(result))
    setError(result.error)
  }
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
            <Button type="submit" form="create-course">
              Créer le parcours
            </Button>
          </>
        }
      >
        <form id="create-course" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError error={error} />
          <FeedbackField
            label="Nom du parcours"
            value={form.name}
            onChange={(name) => set({ name })}
            error={errors.name}
            required
          />
          <TextAreaField
            label="Description"
            value={form.description}
            onChange={(description) => set({ description })}
            error={errors.description}
            rows={3}
          />
          <FeedbackField
            label="Responsable"
            as="select"
            value={form.ownerId}
            onChange={(ownerId) => set({ ownerId })}
            error={errors.ownerId}
            required
          >
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </FeedbackField>
        </form>
      </Dialog>
    </>
  )
}

type Step = { key: string; id: string | null; title: string; kind: string; delayDays: string; delayFrom: string }

/** The course's steps: edited, reordered (buttons, so by keyboard too), added, removed; one save. */
export function StepsEditor({
  courseId,
  steps,
}: {
  courseId: string
  steps: { id: string; title: string; kind: string; delayDays: number; delayFrom: string }[]
}) {
  const router = useRouter()
  const [rows, setRows] = useState<Step[]>(
    steps.map((s) => ({
      key: s.id,
      id: s.id,
      title: s.title,
      kind: s.kind,
      delayDays: String(s.delayDays),
      delayFrom: s.delayFrom,
    })),
  )
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const update = (i: number, patch: Partial<Step>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  const move = (i: number, by: number) =>
    setRows((r) => {
      const next = [...r]
      const [row] = next.splice(i, 1)
      next.splice(i + by, 0, row!)
      return next
    })
  async function save() {
    const result = await saveStepsAction(courseId, { steps: rows.map(({ key: _key, ...r }) => r) }).catch(() => FAILED)
    if (result.ok) {
      toast.success('Étapes enregistrées. Les progressions passées des candidats ne changent pas.')
      setErrors({})
      setError(null)
      router.refresh()
      return
    }
    setErrors(fieldErrors(result))
    setError(result.error)
  }
  return (
    <div className="flex flex-col gap-3">
      <FormError error={error} />
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => (
          <li
            key={row.key}
            className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_14rem_7rem_12rem] sm:items-end"
          >
            <FeedbackField
              label={`Titre de l’étape ${i + 1}`}
              value={row.title}
              onChange={(title) => update(i, { title })}
              error={errors[`steps.${i}.title`]}
              required
            />
            <FeedbackField
              label={`Type de l’étape ${i + 1}`}
              as="select"
              value={row.kind}
              onChange={(kind) => update(i, { kind })}
              error={errors[`steps.${i}.kind`]}
            >
              {Object.entries(STEP_KINDS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </FeedbackField>
            <FeedbackField
              label={`Délai de l’étape ${i + 1} (jours)`}
              type="number"
              value={row.delayDays}
              onChange={(delayDays) => update(i, { delayDays })}
              error={errors[`steps.${i}.delayDays`]}
            />
            <FeedbackField
              label={`Point de départ du délai de l’étape ${i + 1}`}
              as="select"
              value={row.delayFrom}
              onChange={(delayFrom) => update(i, { delayFrom })}
            >
              {Object.entries(DELAY_FROM).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </FeedbackField>
            <div className="flex gap-1 sm:col-span-4">
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Monter l’étape ${i + 1}`}
              >
                Monter
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Descendre l’étape ${i + 1}`}
              >
                Descendre
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1"
                onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
                aria-label={`Retirer l’étape ${i + 1}`}
              >
                Retirer
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRows((r) => [
              ...r,
              {
                key: `new-${Date.now()}`,
                id: null,
                title: '',
                kind: 'interview',
                delayDays: '7',
                delayFrom: r.length ? 'previous' : 'enrolment',
              },
            ])
          }
        >
          Ajouter une étape
        </Button>
        <Button onClick={save}>Enregistrer les étapes</Button>
      </div>
    </div>
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
  const [error, setError] = useState<string | null>(null)
  const picker = useCandidateChecklist((text) => searchCandidatesToEnrolAction(courseId, text))
  const { chosen, reset } = picker
  // Closing empties the dialog: its error, the search, the results and the choice.
  const changeOpen = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setError(null)
      reset()
    }
  }
  async function submit() {
    const result = await enrolCandidatesAction(courseId, { candidateIds: [...chosen.keys()] }).catch(() => FAILED)
    if (!result.ok) return setError(result.error)
    const n = chosen.size
    toast.success(`${n} candidat${n > 1 ? 's' : ''} inscrit${n > 1 ? 's' : ''} au parcours.`)
    changeOpen(false)
    router.refresh()
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
            <Button onClick={submit} disabled={chosen.size === 0}>
              {chosen.size > 1 ? `Inscrire ${chosen.size} candidats` : 'Inscrire le candidat'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <FormError error={error} />
          <CandidateChecklist picker={picker} takenLabel="déjà inscrit" showPlace={false} />
        </div>
      </Dialog>
    </>
  )
}

type LinkChoice = { id: string; label: string; day: string | null }

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

function StepDoneDialog({
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
  const setOpen = (value: boolean) => !value && onClose()
  const [form, setForm] = useState({ doneOn: today, comment: '', linkId: '' })
  const [choices, setChoices] = useState<LinkChoice[] | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const linkSelectId = useId()
  const linkErrorId = useId()
  useEffect(() => {
    if (linkKind && choices === null)
      stepLinkChoicesAction(enrolmentId, linkKind).then(setChoices, () => setChoices([]))
  }, [linkKind, choices, enrolmentId])
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const link =
      linkKind === 'workshop'
        ? { workshopRegistrationId: form.linkId || null }
        : linkKind === 'prescription'
          ? { applyId: form.linkId || null }
          : {}
    const result = await markStepDoneAction(enrolmentId, stepId, {
      doneOn: form.doneOn,
      comment: form.comment,
      ...link,
    }).catch(() => FAILED)
    if (result.ok) {
      toast.success('Étape enregistrée.')
      setOpen(false)
      router.refresh()
      return
    }
    setErrors(fieldErrors(result))
    setError(result.error)
  }
  const linkError = errors.workshopRegistrationId ?? errors.applyId
  return (
    <>
      <Dialog
        open
        onOpenChange={setOpen}
        title={`Étape faite\u00a0: ${label}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={`done-${enrolmentId}-${stepId}`}>
              Enregistrer
            </Button>
          </>
        }
      >
        <form id={`done-${enrolmentId}-${stepId}`} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError error={error} />
          {linkKind && (
            <div className="flex flex-col gap-1">
              <label htmlFor={linkSelectId} className="text-sm font-medium text-slate-800">
                {linkKind === 'workshop' ? 'Atelier suivi' : 'Prescription'}
              </label>
              <select
                id={linkSelectId}
                value={form.linkId}
                disabled={choices === null}
                aria-invalid={linkError ? true : undefined}
                aria-describedby={linkError ? linkErrorId : undefined}
                onChange={(e) => {
                  const chosen = choices?.find((c) => c.id === e.target.value)
                  setForm((f) => ({ ...f, linkId: e.target.value, doneOn: chosen?.day ?? f.doneOn }))
                }}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                <option value="">
                  {choices === null
                    ? 'Chargement…'
                    : choices.length === 0
                      ? linkKind === 'workshop'
                        ? 'Aucun atelier où le candidat a été présent'
                        : 'Aucune prescription pour ce candidat'
                      : 'Sans lien'}
                </option>
                {choices?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
              {linkError && (
                <p id={linkErrorId} role="alert" className="text-sm text-red-700">
                  {linkError}
                </p>
              )}
            </div>
          )}
          <FeedbackField
            label="Faite le"
            type="date"
            value={form.doneOn}
            onChange={(doneOn) => setForm((f) => ({ ...f, doneOn }))}
            error={errors.doneOn}
            required
          />
          <TextAreaField
            label="Commentaire"
            value={form.comment}
            onChange={(comment) => setForm((f) => ({ ...f, comment }))}
            error={errors.comment}
            rows={3}
          />
        </form>
      </Dialog>
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
        aria-label={`Sortie du parcours de ${props.name}`}
      >
        Quitter le parcours
      </Button>
      {open && <LeaveCourseDialog {...props} onClose={() => setOpen(false)} />}
    </>
  )
}

function LeaveCourseDialog({ enrolmentId, name, onClose }: { enrolmentId: string; name: string; onClose: () => void }) {
  const router = useRouter()
  const setOpen = (value: boolean) => !value && onClose()
  const [form, setForm] = useState({ outcome: 'finished', reason: '' })
  const [errors, setErrors] = useState<Errors>({})
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const result = await leaveCourseAction(enrolmentId, form).catch(() => FAILED)
    if (result.ok) {
      toast.success(`${name} a quitté le parcours.`)
      setOpen(false)
      router.refresh()
      return
    }
    setErrors({ ...fieldErrors(result), ...(!('fieldErrors' in result) ? { reason: result.error } : {}) })
  }
  return (
    <>
      <Dialog
        open
        onOpenChange={setOpen}
        title={`Sortie du parcours de ${name}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button type="submit" form={`leave-${enrolmentId}`}>
              Enregistrer la sortie
            </Button>
          </>
        }
      >
        <form id={`leave-${enrolmentId}`} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FeedbackField
            label="Issue"
            as="select"
            value={form.outcome}
            onChange={(outcome) => setForm((f) => ({ ...f, outcome }))}
          >
            <option value="finished">Terminé</option>
            <option value="abandoned">Abandonné</option>
          </FeedbackField>
          <FeedbackField
            label="Motif"
            value={form.reason}
            onChange={(reason) => setForm((f) => ({ ...f, reason }))}
            error={errors.reason}
            required
          />
        </form>
      </Dialog>
    </>
  )
}
