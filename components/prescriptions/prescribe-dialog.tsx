'use client'

import { useEffect, useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from '@/components/ui/toast'
import { FeedbackField } from '@/components/applies/fup-dialog-parts'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { prescribableOffersAction, prescribeAction, prescriptionModelAction } from '@/lib/prescriptions/actions'
import type { FupModelField } from '@/lib/db/schema/fup-models'
import { ModelFields, type ModelAnswers } from './model-fields'
import type { PrescriberDefaults } from '@/lib/prescriptions/queries'
import { CandidatePicker } from './candidate-picker'

export type PrescribeTarget =
  | { kind: 'offer'; offer: { id: string; name: string; providerName: string } }
  /** Without `offers`, the dialog reads the organisation's open offers when it opens (prescribableOffersAction). */
  | {
      kind: 'candidate'
      candidate: { id: string; name: string }
      offers?: { id: string; name: string; providerName: string }[]
      offerId?: string
    }

/**
 * Prescribing a candidate to a social offer: from the directory (the offer is chosen, the candidate is picked) or from
 * the candidate sheet (the other way round). The referent fills the prescription part of the sheet; the beneficiary
 * part is read from the candidate on the server. Or a manual prescription, for a partner that does not use Passerelle.
 */
export function PrescribeDialog({
  open,
  onOpenChange,
  target,
  defaults,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  target: PrescribeTarget
  defaults: PrescriberDefaults
  today: string
}) {
  const formId = useId()
  const router = useRouter()
  const [manual, setManual] = useState(false)
  const [candidate, setCandidate] = useState<{ id: string; name: string; detail: string } | null>(null)
  // From the diagnosis summary, the suggested offer comes chosen.
  const [offerId, setOfferId] = useState(target.kind === 'candidate' ? (target.offerId ?? '') : '')
  const [form, setForm] = useState({
    ...defaults,
    goal: '',
    validatePrescription: false,
    approveDemand: false,
    prescriptionDate: today,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  // A corrected field loses its message at once; the others keep theirs until the next submission.
  const clear = (...keys: string[]) =>
    setErrors((e) =>
      keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e,
    )
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }))
    clear(...Object.keys(patch))
  }
  const err = (key: string) => errors[key]

  // The sheet's dialog reads the offers once open, not with every view of the sheet.
  const given = target.kind === 'candidate' ? target.offers : undefined
  const [loadedOffers, setLoadedOffers] = useState<{ id: string; name: string; providerName: string }[] | null>(null)
  const offers = given ?? loadedOffers
  useEffect(() => {
    if (target.kind !== 'candidate' || given) return
    let current = true
    prescribableOffersAction()
      .then((result) => {
        if (!current) return
        if (result.ok) setLoadedOffers(result.offers)
        else setServerError(result.error ?? 'Les offres n’ont pas pu être chargées.')
      })
      .catch(
        () =>
          current &&
          setServerError('Les offres n’ont pas pu être chargées. Fermez la fenêtre et réessayez dans un instant.'),
      )
    return () => {
      current = false
    }
  }, [target.kind, given])

  // The FUP model of the chosen offer asks its own fields (issue 15 §3).
  const chosenOffer = target.kind === 'offer' ? target.offer.id : offerId
  const [modelFields, setModelFields] = useState<FupModelField[]>([])
  const [answers, setAnswers] = useState<ModelAnswers>({})
  // No offer chosen any more: no fields (checked while rendering).
  const [fieldsOffer, setFieldsOffer] = useState(chosenOffer)
  if (fieldsOffer !== chosenOffer) {
    setFieldsOffer(chosenOffer)
    if (!chosenOffer) setModelFields([])
  }
  useEffect(() => {
    if (!chosenOffer) return
    let current = true
    prescriptionModelAction(chosenOffer)
      .then((result) => current && setModelFields(result.ok ? result.fields : []))
      .catch(() => current && setModelFields([]))
    return () => {
      current = false
    }
  }, [chosenOffer])

  const title =
    target.kind === 'offer'
      ? `Prescrire à l’offre « ${target.offer.name} »`
      : `Prescrire ${target.candidate.name} à une offre`

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    setServerError(null)
    const result = await prescribeAction({
      candidateId: target.kind === 'candidate' ? target.candidate.id : candidate?.id,
      offerId: target.kind === 'offer' ? target.offer.id : offerId,
      manual,
      prescription: manual ? { prescriptionDate: form.prescriptionDate } : form,
      modelAnswers: manual ? undefined : answers,
    }).catch(() => ({
      ok: false as const,
      error: 'La prescription n’a pas pu être enregistrée. Réessayez dans un instant.',
      fieldErrors: undefined,
    }))
    setSending(false)
    if (result.ok) {
      toast.success(
        manual
          ? 'Prescription manuelle enregistrée.'
          : `Prescription envoyée au partenaire de l’offre « ${result.offerName} ».`,
      )
      onOpenChange(false)
      router.refresh()
      return
    }
    setErrors(result.fieldErrors ?? {})
    setServerError(
      result.error ??
        (result.fieldErrors && Object.keys(result.fieldErrors).length ? 'Corrigez les champs signalés.' : null),
    )
    if (result.error) toast.error(result.error)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={title}
      description={target.kind === 'offer' ? target.offer.providerName : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" form={formId} disabled={sending}>
            {sending ? 'Envoi…' : manual ? 'Enregistrer la prescription manuelle' : 'Envoyer la prescription'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
        {target.kind === 'offer' ? (
          <CandidatePicker
            value={candidate}
            onChange={(c) => {
              setCandidate(c)
              clear('candidateId')
            }}
            error={err('candidateId')}
          />
        ) : (
          <FeedbackField
            label="Offre sociale"
            as="select"
            value={offerId}
            onChange={(v) => {
              setOfferId(v)
              clear('offerId')
            }}
            error={err('offerId')}
            required
            disabled={!offers}
          >
            <option value="">{offers ? 'Choisir une offre' : 'Chargement des offres…'}</option>
            {(offers ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name} — {o.providerName}
              </option>
            ))}
          </FeedbackField>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Type de prescription</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${formId}-kind`}
              checked={!manual}
              onChange={() => setManual(false)}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              Fiche de prescription
              <span className="block text-xs text-slate-600">
                Le partenaire la reçoit par email et répond dans Passerelle.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${formId}-kind`}
              checked={manual}
              onChange={() => setManual(true)}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              Prescription manuelle
              <span className="block text-xs text-slate-600">
                Le partenaire n’utilise pas Passerelle : vous mettrez à jour le statut depuis la fiche du candidat.
              </span>
            </span>
          </label>
        </fieldset>
        {!manual && (
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">Prescripteur</legend>
            <FeedbackField
              label="Référent RSA"
              value={form.rsaReferentName}
              onChange={(v) => set({ rsaReferentName: v })}
              error={err('rsaReferentName')}
              required
            />
            <FeedbackField
              label="Structure"
              value={form.structure}
              onChange={(v) => set({ structure: v })}
              error={err('structure')}
              required
            />
            <FeedbackField
              label="Email"
              type="email"
              value={form.email}
              onChange={(v) => set({ email: v })}
              error={err('email')}
              required
            />
            <FeedbackField
              label="Téléphone"
              type="tel"
              value={form.phone}
              onChange={(v) => set({ phone: v })}
              error={err('phone')}
            />
            <FeedbackField
              label="Adresse"
              value={form.address}
              onChange={(v) => set({ address: v })}
              error={err('address')}
              className="md:col-span-2"
            />
          </fieldset>
        )}
        {!manual && <GoalField value={form.goal} onChange={(goal) => set({ goal })} error={err('goal')} />}
        {!manual && (
          <ModelFields
            fields={modelFields}
            answers={answers}
            errors={errors}
            onChange={(key, value) => {
              setAnswers((a) => ({ ...a, [key]: value }))
              clear(`modelAnswers.${key}`)
            }}
          />
        )}
        <FeedbackField
          label="Date de prescription"
          type="date"
          value={form.prescriptionDate}
          onChange={(v) => set({ prescriptionDate: v })}
          error={err('prescriptionDate')}
          required
          className="max-w-xs"
        />
        {!manual && (
          <div className="flex flex-col gap-2">
            <Consent
              checked={form.validatePrescription}
              onChange={(v) => set({ validatePrescription: v })}
              error={err('validatePrescription')}
              label="Je valide cette prescription"
            />
            <Consent
              checked={form.approveDemand}
              onChange={(v) => set({ approveDemand: v })}
              error={err('approveDemand')}
              label="Le bénéficiaire a donné son accord pour cette demande"
            />
            <p className="text-xs text-slate-600">
              Les informations du bénéficiaire (identité, coordonnées, numéros CAF et France Travail, champs
              personnalisés) sont reprises de sa fiche.
            </p>
          </div>
        )}
      </form>
    </Dialog>
  )
}

function GoalField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Objectif de la prescription<span aria-hidden> *</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        maxLength={2000}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

function Consent({
  checked,
  onChange,
  label,
  error,
}: {
  checked: boolean
  onChange: (v: boolean) => void
  label: string
  error?: string
}) {
  const id = useId()
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-4 w-4 accent-brand-700"
        />
        {label}
        <span aria-hidden> *</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
