'use client'

import { useId } from 'react'
import { CheckboxField, FormField } from '@/components/ui/form-field'
import type { FormState } from '@/components/ui/use-action-form'
import { CandidatePicker } from './candidate-picker'
import type { PrescribableOffer, PrescribeTarget, PrescribeValues } from './prescribe-form'

type Props = { form: FormState<PrescribeValues> }

/** Who or where: the candidate picked for the directory's offer, or the offer chosen for the sheet's candidate. */
export function TargetField({
  form,
  target,
  offers,
}: Props & { target: PrescribeTarget; offers: PrescribableOffer[] | null }) {
  const { values, set, clear, errors, field } = form
  if (target.kind === 'offer')
    return (
      <CandidatePicker
        value={values.candidate}
        onChange={(candidate) => {
          set({ candidate })
          clear('candidateId')
        }}
        error={errors.candidateId}
      />
    )
  return (
    <FormField label="Offre sociale" as="select" {...field('offerId')} required disabled={!offers}>
      <option value="">{offers ? 'Choisir une offre' : 'Chargement des offres…'}</option>
      {(offers ?? []).map((o) => (
        <option key={o.id} value={o.id}>
          {o.name} — {o.providerName}
        </option>
      ))}
    </FormField>
  )
}

/** A prescription sheet the partner answers in Passerelle, or a manual one for a partner that does not use it. */
export function KindChoice({ form }: Props) {
  const name = useId()
  const choices = [
    [false, 'Fiche de prescription', 'Le partenaire la reçoit par email et répond dans Passerelle.'],
    [
      true,
      'Prescription manuelle',
      'Le partenaire n’utilise pas Passerelle\u00a0: vous mettrez à jour le statut depuis la fiche du candidat.',
    ],
  ] as const
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Type de prescription</legend>
      {choices.map(([manual, label, hint]) => (
        <label key={label} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            checked={form.values.manual === manual}
            onChange={() => form.set({ manual })}
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          <span>
            {label}
            <span className="block text-xs text-slate-600">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** The prescriber part of the sheet, prefilled with the referent and their organisation, then the goal. */
export function PrescriberFields({ form }: Props) {
  const { field } = form
  return (
    <>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Prescripteur</legend>
        <FormField label="Référent RSA" {...field('rsaReferentName')} required />
        <FormField label="Structure" {...field('structure')} required />
        <FormField label="Email" type="email" {...field('email')} required />
        <FormField label="Téléphone" type="tel" {...field('phone')} />
        <FormField label="Adresse" {...field('address')} className="md:col-span-2" />
      </fieldset>
      <FormField
        label="Objectif de la prescription"
        as="textarea"
        rows={3}
        maxLength={2000}
        {...field('goal')}
        required
      />
    </>
  )
}

/** The referent's validation and the beneficiary's agreement: without both, nothing is sent. */
export function Consents({ form }: Props) {
  const { values, set, errors } = form
  return (
    <div className="flex flex-col gap-2">
      <CheckboxField
        label="Je valide cette prescription"
        checked={values.validatePrescription}
        onChange={(validatePrescription) => set({ validatePrescription })}
        error={errors.validatePrescription}
        required
      />
      <CheckboxField
        label="Le bénéficiaire a donné son accord pour cette demande"
        checked={values.approveDemand}
        onChange={(approveDemand) => set({ approveDemand })}
        error={errors.approveDemand}
        required
      />
      <p className="text-xs text-slate-600">
        Les informations du bénéficiaire (identité, coordonnées, numéros CAF et France Travail, champs personnalisés)
        sont reprises de sa fiche.
      </p>
    </div>
  )
}
