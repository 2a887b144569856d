'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ErrorSummary } from '@/components/ui/error-summary'
import { ChipChoices, FormField } from '@/components/ui/form-field'
import { useActionForm } from '@/components/ui/use-action-form'
import { RichTextField } from './rich-text-field'
import { TagsField } from './tags-field'
import { createSocialOfferAction, updateSocialOfferAction } from '@/lib/offers/offer-actions'

export type OfferValues = {
  name: string
  description: string
  serviceStartDate: string
  serviceEndDate: string
  tags: string[]
  challengeIds: string[]
  financingModes: string[]
  addressFormatted: string
  contactComment: string
  contactName: string
  contactPhone: string
  contactMail: string
}
type Choice = { value: string; label: string }

/** Create and edit a social offer with every field of spec §3; the provider is the structure. */
export function SocialOfferForm({
  structureId,
  offerId,
  initial,
  challenges,
  financingModes,
  providerName,
}: {
  structureId: string
  offerId?: string
  initial: OfferValues
  challenges: Choice[]
  financingModes: Choice[]
  providerName: string
}) {
  const router = useRouter()
  const form = useActionForm({
    initial,
    action: (values) =>
      offerId ? updateSocialOfferAction(offerId, values) : createSocialOfferAction(structureId, values),
    success: offerId ? 'Offre enregistrée.' : 'Offre sociale créée.',
    onSuccess: (result) => router.push(`/offer/social/${'id' in result ? result.id : offerId}`),
  })
  const { values, set, field, errors } = form
  return (
    <form
      {...form.formProps}
      className="flex max-w-4xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={offerId ? 'Modifier l’offre sociale' : 'Nouvelle offre sociale'}
    >
      <ErrorSummary form={form} />
      <p className="text-sm text-slate-700">
        Proposée par <strong>{providerName}</strong>.
      </p>
      <FormField label="Nom de l’offre" {...field('name')} required />
      <RichTextField label="Description" {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Début du service" type="date" {...field('serviceStartDate')} />
        <FormField label="Fin du service" type="date" {...field('serviceEndDate')} />
      </div>
      <ChipChoices
        legend="Freins"
        options={challenges}
        chosen={values.challengeIds}
        onChange={(challengeIds) => set({ challengeIds })}
        error={errors.challengeIds}
      />
      <ChipChoices
        legend="Modes de financement"
        options={financingModes}
        chosen={values.financingModes}
        onChange={(financingModes) => set({ financingModes })}
        error={errors.financingModes}
      />
      {/* Beside the chosen challenges' own tags: thématiques by their names, or words of the organisation's own. */}
      <TagsField
        label="Étiquettes"
        owner={{ of: 'de l’offre', to: 'à l’offre', self: 'cette offre' }}
        emptyText="Aucune étiquette de plus que celles des freins choisis."
        tags={values.tags}
        onChange={(tags) => set({ tags })}
        error={errors.tags}
      />
      <FormField label="Adresse" {...field('addressFormatted')} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Nom du contact" {...field('contactName')} />
          <FormField label="Téléphone du contact" type="tel" {...field('contactPhone')} />
          <FormField label="Email du contact" type="email" {...field('contactMail')} />
        </div>
        <FormField
          label="Informations pratiques"
          as="textarea"
          rows={2}
          hint={'Par exemple\u00a0: permanence le mardi matin, sur rendez-vous.'}
          {...field('contactComment')}
        />
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => router.back()}>
          Annuler
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Enregistrement…' : offerId ? 'Enregistrer l’offre' : 'Créer l’offre'}
        </Button>
      </div>
    </form>
  )
}
