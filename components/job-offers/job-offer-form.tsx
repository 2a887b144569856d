'use client'

import dynamic from 'next/dynamic'
import { useEffect, useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { createJobOfferAction, organisationPlacesAction, updateJobOfferAction } from '@/lib/job-offers/actions'
import { CONTRACT_TYPES, JOB_OFFER_STATUSES, WORKING_TIMES } from '@/lib/job-offers/labels'

const RichTextEditor = dynamic(() => import('@/components/offers/rich-text-editor'), {
  ssr: false,
  loading: () => (
    <p className="min-h-40 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-600">
      Chargement de l’éditeur…
    </p>
  ),
})

export type JobOfferValues = {
  title: string
  romeCode: string
  contractType: string
  workingTime: string
  weeklyHours: string
  placeId: string
  addressFormatted: string
  startDate: string
  endDate: string
  positions: string
  salaryMin: string
  salaryMax: string
  description: string
  status: string
  validFrom: string
  validUntil: string
}
export const EMPTY_JOB_OFFER: JobOfferValues = {
  title: '',
  romeCode: '',
  contractType: '',
  workingTime: 'full',
  weeklyHours: '',
  placeId: '',
  addressFormatted: '',
  startDate: '',
  endDate: '',
  positions: '1',
  salaryMin: '',
  salaryMax: '',
  description: '',
  status: 'open',
  validFrom: '',
  validUntil: '',
}

type Place = { id: string; label: string }

/** Issue 12 §3: a job offer, created from its enterprise's sheet and edited from its page. */
export function JobOfferForm({
  enterpriseId,
  jobOfferId,
  initial,
  places,
  onDone,
}: {
  enterpriseId: string
  jobOfferId?: string
  initial: JobOfferValues
  places: Place[]
  onDone: () => void
}) {
  const router = useRouter()
  const descriptionLabel = useId()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<JobOfferValues>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await (
      jobOfferId ? updateJobOfferAction(jobOfferId, form) : createJobOfferAction(enterpriseId, form)
    ).catch(() => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }))
    setSending(false)
    if (result.ok) {
      toast.success(jobOfferId ? 'Offre d’emploi enregistrée.' : 'Offre d’emploi créée.')
      onDone()
      if (jobOfferId) router.refresh()
      else router.push(`/v2/offer/${(result as unknown as { id: string }).id}`)
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={jobOfferId ? 'Modifier l’offre d’emploi' : 'Nouvelle offre d’emploi'}
    >
      <FormError error={error} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <FeedbackField
          label="Intitulé du poste"
          value={form.title}
          onChange={(title) => set({ title })}
          error={errors.title}
          required
        />
        <FeedbackField
          label="Code ROME"
          value={form.romeCode}
          onChange={(romeCode) => set({ romeCode })}
          error={errors.romeCode}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FeedbackField
          label="Contrat"
          as="select"
          value={form.contractType}
          onChange={(contractType) => set({ contractType })}
          error={errors.contractType}
          required
        >
          <option value="">Choisir un contrat</option>
          {Object.entries(CONTRACT_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FeedbackField>
        <FeedbackField
          label="Temps de travail"
          as="select"
          value={form.workingTime}
          onChange={(workingTime) => set({ workingTime })}
          error={errors.workingTime}
        >
          {Object.entries(WORKING_TIMES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FeedbackField>
        <FeedbackField
          label="Heures par semaine"
          type="number"
          value={form.weeklyHours}
          onChange={(weeklyHours) => set({ weeklyHours })}
          error={errors.weeklyHours}
          required={form.workingTime === 'part'}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Lieu"
          as="select"
          value={form.placeId}
          onChange={(placeId) => set({ placeId })}
          error={errors.placeId}
        >
          <option value="">Non précisé</option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </FeedbackField>
        <FeedbackField
          label="Adresse du poste"
          value={form.addressFormatted}
          onChange={(addressFormatted) => set({ addressFormatted })}
          error={errors.addressFormatted}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FeedbackField
          label="Date de début"
          type="date"
          value={form.startDate}
          onChange={(startDate) => set({ startDate })}
          error={errors.startDate}
        />
        <FeedbackField
          label="Date de fin du contrat"
          type="date"
          value={form.endDate}
          onChange={(endDate) => set({ endDate })}
          error={errors.endDate}
        />
        <FeedbackField
          label="Nombre de postes"
          type="number"
          value={form.positions}
          onChange={(positions) => set({ positions })}
          error={errors.positions}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Salaire minimum (€ brut mensuel)"
          type="number"
          value={form.salaryMin}
          onChange={(salaryMin) => set({ salaryMin })}
          error={errors.salaryMin}
        />
        <FeedbackField
          label="Salaire maximum (€ brut mensuel)"
          type="number"
          value={form.salaryMax}
          onChange={(salaryMax) => set({ salaryMax })}
          error={errors.salaryMax}
        />
      </div>
      <div className="flex flex-col gap-1">
        <span id={descriptionLabel} className="text-sm font-medium text-slate-800">
          Description du poste
        </span>
        <RichTextEditor
          labelId={descriptionLabel}
          value={form.description}
          onChange={(description) => set({ description })}
          invalid={!!errors.description}
        />
        {errors.description && <p className="text-sm text-red-700">{errors.description}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FeedbackField
          label="Statut de l’offre"
          as="select"
          value={form.status}
          onChange={(status) => set({ status })}
          error={errors.status}
        >
          {Object.entries(JOB_OFFER_STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FeedbackField>
        <FeedbackField
          label="Publiée à partir du"
          type="date"
          value={form.validFrom}
          onChange={(validFrom) => set({ validFrom })}
          error={errors.validFrom}
        />
        <FeedbackField
          label="Valable jusqu’au"
          type="date"
          value={form.validUntil}
          onChange={(validUntil) => set({ validUntil })}
          error={errors.validUntil}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : jobOfferId ? 'Enregistrer l’offre' : 'Créer l’offre d’emploi'}
        </Button>
      </div>
    </form>
  )
}

/** "Créer une offre d’emploi" (enterprise sheet) and "Modifier l’offre" (job offer page). */
export function JobOfferDialogButton({
  label,
  enterpriseId,
  jobOfferId,
  initial,
  primary,
}: {
  label: string
  enterpriseId: string
  jobOfferId?: string
  initial?: JobOfferValues
  primary?: boolean
}) {
  const [open, setOpen] = useState(false)
  // The organisation's places are read when the form opens (not with every page that shows the button).
  const [places, setPlaces] = useState<Place[] | null>(null)
  useEffect(() => {
    if (open && places === null) organisationPlacesAction().then(setPlaces, () => setPlaces([]))
  }, [open, places])
  return (
    <>
      <Button variant={primary ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={jobOfferId ? 'Modifier l’offre d’emploi' : 'Nouvelle offre d’emploi'}
        wide
      >
        {places === null ? (
          <p className="text-sm text-slate-700">Chargement du formulaire…</p>
        ) : (
          <JobOfferForm
            enterpriseId={enterpriseId}
            jobOfferId={jobOfferId}
            initial={initial ?? EMPTY_JOB_OFFER}
            places={places}
            onDone={() => setOpen(false)}
          />
        )}
      </Dialog>
    </>
  )
}
