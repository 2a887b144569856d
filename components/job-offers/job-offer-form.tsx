'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { RichTextField } from '@/components/offers/rich-text-field'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorSummary } from '@/components/ui/error-summary'
import { FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { createJobOfferAction, organisationPlacesAction, updateJobOfferAction } from '@/lib/job-offers/actions'
import { CONTRACT_TYPES, JOB_OFFER_STATUSES, WORKING_TIMES } from '@/lib/job-offers/labels'

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

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))

/** A job offer, created from its enterprise's sheet and edited from its page. */
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
  const form = useActionForm({
    initial,
    action: (values) =>
      jobOfferId ? updateJobOfferAction(jobOfferId, values) : createJobOfferAction(enterpriseId, values),
    success: jobOfferId ? 'Offre d’emploi enregistrée.' : 'Offre d’emploi créée.',
    onSuccess: (result) => {
      onDone()
      if ('id' in result) router.push(`/v2/offer/${result.id}`)
      else router.refresh()
    },
  })
  const { field } = form
  return (
    <form
      {...form.formProps}
      className="flex flex-col gap-4"
      aria-label={jobOfferId ? 'Modifier l’offre d’emploi' : 'Nouvelle offre d’emploi'}
    >
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <FormField label="Intitulé du poste" {...field('title')} required />
        <FormField label="Code ROME" {...field('romeCode')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Contrat" as="select" {...field('contractType')} required>
          <option value="">Choisir un contrat</option>
          {options(CONTRACT_TYPES)}
        </FormField>
        <FormField label="Temps de travail" as="select" {...field('workingTime')}>
          {options(WORKING_TIMES)}
        </FormField>
        <FormField
          label="Heures par semaine"
          type="number"
          min={1}
          {...field('weeklyHours')}
          required={form.values.workingTime === 'part'}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Lieu" as="select" {...field('placeId')}>
          <option value="">Non précisé</option>
          {options(Object.fromEntries(places.map((p) => [p.id, p.label])))}
        </FormField>
        <FormField label="Adresse du poste" {...field('addressFormatted')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date de début" type="date" {...field('startDate')} />
        <FormField label="Date de fin du contrat" type="date" {...field('endDate')} />
        <FormField label="Nombre de postes" type="number" min={1} {...field('positions')} required />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Salaire minimum (€ brut mensuel)" type="number" min={0} {...field('salaryMin')} />
        <FormField label="Salaire maximum (€ brut mensuel)" type="number" min={0} {...field('salaryMax')} />
      </div>
      <RichTextField label="Description du poste" {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Statut de l’offre" as="select" {...field('status')}>
          {options(JOB_OFFER_STATUSES)}
        </FormField>
        <FormField label="Publiée à partir du" type="date" {...field('validFrom')} />
        <FormField label="Valable jusqu’au" type="date" {...field('validUntil')} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : jobOfferId ? 'Enregistrer l’offre' : 'Créer l’offre d’emploi'}
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
