'use client'

import dynamic from 'next/dynamic'
import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { FormError, TextAreaField, withoutKeys, type Errors } from '@/components/directory/form-parts'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { TagsField } from './tags-field'
import { createSocialOfferAction, updateSocialOfferAction } from '@/lib/offers/offer-actions'

const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => (
    <p className="min-h-40 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-600">
      Chargement de l’éditeur…
    </p>
  ),
})

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

/** Create and edit a social offer with every §3 field (issue 12 §2); the provider is the structure. */
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
  const descriptionLabel = useId()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<OfferValues>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => withoutKeys(e, Object.keys(patch)))
  }
  const toggle = (key: 'challengeIds' | 'financingModes', value: string) =>
    set({ [key]: form[key].includes(value) ? form[key].filter((v) => v !== value) : [...form[key], value] })
  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    const result = await (
      offerId ? updateSocialOfferAction(offerId, form) : createSocialOfferAction(structureId, form)
    ).catch(() => ({ ok: false as const, error: 'L’enregistrement a échoué. Réessayez dans un instant.' }))
    setSending(false)
    if (result.ok) {
      toast.success(offerId ? 'Offre enregistrée.' : 'Offre sociale créée.')
      router.push(`/offer/social/${offerId ?? (result as unknown as { id: string }).id}`)
      return
    }
    setErrors('fieldErrors' in result ? (result.fieldErrors ?? {}) : {})
    setError(result.error)
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-4xl flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
      aria-label={offerId ? 'Modifier l’offre sociale' : 'Nouvelle offre sociale'}
    >
      <FormError error={error} />
      <p className="text-sm text-slate-700">
        Proposée par <strong>{providerName}</strong>.
      </p>
      <FeedbackField
        label="Nom de l’offre"
        value={form.name}
        onChange={(name) => set({ name })}
        error={errors.name}
        required
      />
      <div className="flex flex-col gap-1">
        <span id={descriptionLabel} className="text-sm font-medium text-slate-800">
          Description
        </span>
        <RichTextEditor
          labelId={descriptionLabel}
          value={form.description}
          onChange={(description) => set({ description })}
          invalid={!!errors.description}
        />
        {errors.description && <p className="text-sm text-red-700">{errors.description}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeedbackField
          label="Début du service"
          type="date"
          value={form.serviceStartDate}
          onChange={(serviceStartDate) => set({ serviceStartDate })}
          error={errors.serviceStartDate}
        />
        <FeedbackField
          label="Fin du service"
          type="date"
          value={form.serviceEndDate}
          onChange={(serviceEndDate) => set({ serviceEndDate })}
          error={errors.serviceEndDate}
        />
      </div>
      <CheckboxGroup
        legend="Freins"
        options={challenges}
        chosen={form.challengeIds}
        onToggle={(v) => toggle('challengeIds', v)}
        error={errors.challengeIds}
      />
      <CheckboxGroup
        legend="Modes de financement"
        options={financingModes}
        chosen={form.financingModes}
        onToggle={(v) => toggle('financingModes', v)}
        error={errors.financingModes}
      />
      {/* Beside the chosen challenges' own tags: thématiques by their names, or words of the organisation's own. */}
      <TagsField
        label="Étiquettes"
        owner={{ of: 'de l’offre', to: 'à l’offre', self: 'cette offre' }}
        emptyText="Aucune étiquette de plus que celles des freins choisis."
        tags={form.tags}
        onChange={(tags) => set({ tags })}
        error={errors.tags}
      />
      <FeedbackField
        label="Adresse"
        value={form.addressFormatted}
        onChange={(addressFormatted) => set({ addressFormatted })}
        error={errors.addressFormatted}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FeedbackField
            label="Nom du contact"
            value={form.contactName}
            onChange={(contactName) => set({ contactName })}
            error={errors.contactName}
          />
          <FeedbackField
            label="Téléphone du contact"
            type="tel"
            value={form.contactPhone}
            onChange={(contactPhone) => set({ contactPhone })}
            error={errors.contactPhone}
          />
          <FeedbackField
            label="Email du contact"
            type="email"
            value={form.contactMail}
            onChange={(contactMail) => set({ contactMail })}
            error={errors.contactMail}
          />
        </div>
        <TextAreaField
          label="Informations pratiques"
          value={form.contactComment}
          onChange={(contactComment) => set({ contactComment })}
          error={errors.contactComment}
          rows={2}
          hint={'Par exemple\u00a0: permanence le mardi matin, sur rendez-vous.'}
        />
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => router.back()}>
          Annuler
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : offerId ? 'Enregistrer l’offre' : 'Créer l’offre'}
        </Button>
      </div>
    </form>
  )
}

function CheckboxGroup({
  legend,
  options,
  chosen,
  onToggle,
  error,
}: {
  legend: string
  options: Choice[]
  chosen: string[]
  onToggle: (value: string) => void
  error?: string
}) {
  const errorId = useId()
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => onToggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
