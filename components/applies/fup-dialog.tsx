'use client'

import { useEffect, useId, useState, useTransition } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { previewFupAction, sendFupAction, type DialogApply } from '@/lib/applies/actions'
import {
  CONVOCATION_KEYS,
  CONVOCATION_LABELS,
  CONVOCATION_REASONS,
  fieldErrorsOf,
  fupAnswerSchema,
  type FupAnswerInput,
} from '@/lib/applies/fup-schema'
import { formatDate, formatPhone } from '@/lib/format'
import { additionalFieldText } from '@/lib/fup/additional-field-text'
import { CauseField, FeedbackField, ReadOnlyBlock } from './fup-dialog-parts'

export type FeedbackDefaults = { name: string; email: string; phone: string; address: string }
export type LogoChoice = { value: string; label: string; uri: string; required: boolean }

type Convocation = { date: string; reason: '' | 'excusedAbsence' | 'unexcusedAbsence' }
type Form = FeedbackDefaults & {
  accompanierName: string
  partnerDecision: '' | 'integrated' | 'notIntegrated'
  cause: string
  firstReceptionDate: string
  assessmentDate: string
  convocations: [Convocation, Convocation, Convocation]
  logos: string[]
}

const emptyConvocations = (): Form['convocations'] => [
  { date: '', reason: '' },
  { date: '', reason: '' },
  { date: '', reason: '' },
]

/** The payload of spec §7 "Send FUP to the operator", built from the form as typed. */
function toAnswer(f: Form, logoChoices: LogoChoice[]): FupAnswerInput {
  const noAnswer = f.partnerDecision === 'notIntegrated' && f.cause === 'noAnswerToConvocations'
  const convocation = (c: Convocation) => ({ date: c.date, reason: c.reason || undefined }) as never
  return {
    partnerFeedback: {
      accompanierName: f.accompanierName,
      name: f.name,
      email: f.email,
      phone: f.phone,
      address: f.address,
      decision: {
        partnerDecision: (f.partnerDecision || undefined) as never,
        cause: f.partnerDecision === 'notIntegrated' ? f.cause || null : null,
        firstReceptionDate: f.partnerDecision === 'integrated' ? f.firstReceptionDate : null,
        assessmentDate: f.partnerDecision === 'integrated' ? f.assessmentDate : null,
        ...(noAnswer ? Object.fromEntries(CONVOCATION_KEYS.map((k, i) => [k, convocation(f.convocations[i]!)])) : {}),
      },
    },
    sponsorsLogo: logoChoices
      .filter((l) => l.required || f.logos.includes(l.value))
      .map((l) => ({ label: l.label, value: l.value, uri: l.uri, required: l.required })),
  }
}

/**
 * The prescription-completion dialog (spec §2, §4, §5): the partner's decision first, then its details, the sheet's
 * beneficiary and prescription behind two disclosures, preview and send in the footer that never scrolls away (issue
 * 32 §1: on a 768 px high laptop and a 390 px phone, the decision and the buttons are in view). The apply is loaded by
 * the caller: an unknown one, or another structure's, never opens it.
 */
export function FupDialog({
  applyId,
  apply,
  defaults,
  logoChoices: offerLogos,
  onClose,
  onSent,
}: {
  applyId: string
  apply: DialogApply
  defaults: FeedbackDefaults
  logoChoices: LogoChoice[]
  onClose: () => void
  onSent: (state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE') => void
}) {
  const formId = useId()
  const [form, setForm] = useState<Form>({
    ...defaults,
    accompanierName: '',
    partnerDecision: '',
    cause: '',
    firstReceptionDate: '',
    assessmentDate: '',
    convocations: emptyConvocations(),
    logos: [],
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [previewUrl, setPreviewUrl] = useState<string | null>(null)
  const [pending, startTransition] = useTransition()
  // The offer's financers, and the logos the organisation's FUP model put on this sheet (issue 15 §3).
  const logoChoices = [...offerLogos, ...apply.sponsorsLogo.filter((l) => !offerLogos.some((o) => o.value === l.value))]

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl])

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }))
  // Spec §4: changing the decision clears dates, cause and convocations; changing the cause clears the convocations.
  const setDecision = (partnerDecision: Form['partnerDecision']) =>
    set({ partnerDecision, cause: '', firstReceptionDate: '', assessmentDate: '', convocations: emptyConvocations() })
  const setCause = (cause: string) => set({ cause, convocations: emptyConvocations() })

  function validate() {
    const parsed = fupAnswerSchema.safeParse(toAnswer(form, logoChoices))
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error))
    return parsed.success ? toAnswer(form, logoChoices) : null
  }

  function preview() {
    const answer = validate()
    if (!answer) return
    startTransition(async () => {
      const r = await previewFupAction(applyId, answer)
      if (!r.ok) return void (r.fieldErrors ? setErrors(r.fieldErrors) : setServerError(r.error ?? null))
      const bytes = Uint8Array.from(atob(r.pdfBase64), (c) => c.charCodeAt(0))
      setPreviewUrl(URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })))
    })
  }

  function send(event: React.FormEvent) {
    event.preventDefault()
    setServerError(null)
    const answer = validate()
    if (!answer) return
    startTransition(async () => {
      const r = await sendFupAction(applyId, answer)
      if (r.ok) onSent(r.state)
      else if (r.fieldErrors) setErrors(r.fieldErrors)
      else setServerError(r.error ?? 'L’envoi a échoué. Réessayez dans un instant.')
    })
  }

  const err = (path: string) => errors[`partnerFeedback.${path}`]
  const decisionPath = 'decision'
  const title = `Compléter la prescription de ${apply.candidateName}`
  const p = apply.prescription

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={`${apply.offerName} - ${apply.providerName}`}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={preview} disabled={pending}>
            Prévisualiser
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            Envoyer la réponse
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={send} noValidate className="flex flex-col gap-5">
        {serverError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
        <div className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 text-sm">
          <p>
            Prescrit le {formatDate(p.prescriptionDate)} par {p.rsaReferentName}
            {p.structure && ` (${p.structure})`}
          </p>
          <p className="break-words">
            <span className="font-medium">Objectif : </span>
            {p.goal}
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <ReadOnlyBlock
              title="Bénéficiaire"
              items={[
                ['Nom', apply.candidateName],
                ['Genre', apply.beneficiary.gender === 'F' ? 'Femme' : apply.beneficiary.gender === 'M' ? 'Homme' : ''],
                ['Date de naissance', formatDate(apply.beneficiary.birthDate)],
                ['Adresse', beneficiaryAddress(apply.beneficiary.address)],
                ['Téléphone', formatPhone(apply.beneficiary.phone)],
                ['Email', apply.beneficiary.email ?? ''],
                ['Numéro CAF', apply.beneficiary.cafNumber ?? ''],
                ['Identifiant France Travail', apply.beneficiary.poleEmploiNumber ?? ''],
                ...(apply.beneficiary.additionalFields ?? []).map((f): [string, string] => [
                  f.label,
                  additionalFieldText(f),
                ]),
              ]}
            />
            <ReadOnlyBlock
              title="Prescription"
              items={[
                ['Référent RSA', p.rsaReferentName],
                ['Structure', p.structure],
                ['Email', p.email],
                ['Téléphone', p.phone],
                ['Date de prescription', formatDate(p.prescriptionDate)],
              ]}
            />
          </div>
        </div>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">Décision</legend>
          <div
            role="radiogroup"
            aria-label="Décision du partenaire"
            aria-describedby={err(`${decisionPath}.partnerDecision`) ? `${formId}-decision-error` : undefined}
            className="flex flex-wrap gap-x-6 gap-y-2"
          >
            {(['integrated', 'notIntegrated'] as const).map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="partnerDecision"
                  value={d}
                  checked={form.partnerDecision === d}
                  onChange={() => setDecision(d)}
                  className="h-4 w-4 accent-brand-700"
                />
                {d === 'integrated' ? 'Intégré' : 'Non intégré'}
              </label>
            ))}
          </div>
          {err(`${decisionPath}.partnerDecision`) && (
            <p id={`${formId}-decision-error`} className="text-sm text-red-700">
              {err(`${decisionPath}.partnerDecision`)}
            </p>
          )}
          {form.partnerDecision === 'integrated' && (
            <div className="grid gap-4 md:grid-cols-2">
              <FeedbackField
                label="Date du 1er accueil"
                type="date"
                value={form.firstReceptionDate}
                onChange={(v) => set({ firstReceptionDate: v })}
                error={err(`${decisionPath}.firstReceptionDate`)}
              />
              <FeedbackField
                label="Date du bilan prévu"
                type="date"
                value={form.assessmentDate}
                onChange={(v) => set({ assessmentDate: v })}
                error={err(`${decisionPath}.assessmentDate`)}
              />
            </div>
          )}
          {(form.partnerDecision === 'notIntegrated' || err(`${decisionPath}.cause`)) && (
            <CauseField
              value={form.cause}
              onChange={setCause}
              error={err(`${decisionPath}.cause`)}
              causes={apply.causes}
            />
          )}
          {form.partnerDecision === 'notIntegrated' && form.cause === 'noAnswerToConvocations' && (
            <div className="flex flex-col gap-3">
              {CONVOCATION_KEYS.map((key, i) => (
                <fieldset key={key} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-2">
                  <legend className="px-1 text-sm font-medium">{CONVOCATION_LABELS[i]}</legend>
                  <FeedbackField
                    label="Date"
                    type="date"
                    value={form.convocations[i]!.date}
                    onChange={(v) =>
                      set({
                        convocations: form.convocations.map((c, j) =>
                          j === i ? { ...c, date: v } : c,
                        ) as Form['convocations'],
                      })
                    }
                    error={err(`${decisionPath}.${key}.date`)}
                    required
                  />
                  <FeedbackField
                    label="Motif d’absence"
                    as="select"
                    value={form.convocations[i]!.reason}
                    onChange={(v) =>
                      set({
                        convocations: form.convocations.map((c, j) =>
                          j === i ? { ...c, reason: v as Convocation['reason'] } : c,
                        ) as Form['convocations'],
                      })
                    }
                    error={err(`${decisionPath}.${key}.reason`)}
                    required
                  >
                    <option value="">Choisir</option>
                    {Object.entries(CONVOCATION_REASONS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </FeedbackField>
                </fieldset>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">Retour du partenaire</legend>
          <FeedbackField
            label="Prénom et nom de l’accompagnateur"
            value={form.accompanierName}
            onChange={(v) => set({ accompanierName: v })}
            error={err('accompanierName')}
            required
          />
          <FeedbackField
            label="Nom du partenaire"
            value={form.name}
            onChange={(v) => set({ name: v })}
            error={err('name')}
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
        {logoChoices.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-base font-semibold">Logos des financeurs</legend>
            <div className="flex flex-wrap gap-4">
              {logoChoices.map((l) => (
                <label key={l.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={l.required || form.logos.includes(l.value)}
                    disabled={l.required}
                    onChange={() =>
                      set({
                        logos: form.logos.includes(l.value)
                          ? form.logos.filter((v) => v !== l.value)
                          : [...form.logos, l.value],
                      })
                    }
                  />
                  {l.label}
                  {l.required && <span className="text-xs text-slate-600">(obligatoire)</span>}
                </label>
              ))}
            </div>
            {errors['sponsorsLogo.0.label'] && <p className="text-sm text-red-700">{errors['sponsorsLogo.0.label']}</p>}
          </fieldset>
        )}
        {previewUrl && (
          <iframe
            title="Aperçu de la fiche de suivi"
            src={previewUrl}
            className="h-[70vh] w-full rounded-md border border-slate-200"
          />
        )}
      </form>
    </Dialog>
  )
}

function beneficiaryAddress(address: DialogApply['beneficiary']['address']): string {
  return address ? `${address.formatted}${address.isQPV ? ' (QPV)' : ''}` : ''
}
