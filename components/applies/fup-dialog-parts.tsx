'use client'

import { FormField } from '@/components/ui/form-field'
import type { DialogApply } from '@/lib/prescriptions/actions-partner'
import { formatDate } from '@/lib/dates'
import { EMPTY_VALUE } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { additionalFieldText } from '@/lib/fup/additional-field-text'

/** The job offers' placement and the FUP models' editor still name the form field by its first home. */
export { FormField as FeedbackField }

/**
 * A read-only part of the sheet (beneficiary, prescription) behind a disclosure: the dialog opens on the decision
 * (on a 768 px high laptop and a 390 px phone, the decision and the buttons are in view). Labels above values on a
 * phone, beside them from 640 px; long values wrap, never cut.
 */
export function ReadOnlyBlock({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <details className="min-w-0 basis-full">
      <summary className="cursor-pointer font-medium text-brand-700">{title}</summary>
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="mb-1 min-w-0 [overflow-wrap:anywhere] sm:mb-0">{value || EMPTY_VALUE}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

const genderLabel = (gender: string | null | undefined) => (gender === 'F' ? 'Femme' : gender === 'M' ? 'Homme' : '')

function beneficiaryAddress(address: DialogApply['beneficiary']['address']): string {
  return address ? `${address.formatted}${address.isQPV ? ' (QPV)' : ''}` : ''
}

/** What the referent sent: who prescribed and why, the beneficiary and the prescription, read-only. */
export function PrescriptionSummary({ apply }: { apply: DialogApply }) {
  const p = apply.prescription
  const b = apply.beneficiary
  return (
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
            ['Genre', genderLabel(b.gender)],
            ['Date de naissance', formatDate(b.birthDate)],
            ['Adresse', beneficiaryAddress(b.address)],
            ['Téléphone', formatPhone(b.phone)],
            ['Email', b.email ?? ''],
            ['Numéro CAF', b.cafNumber ?? ''],
            ['Identifiant France Travail', b.poleEmploiNumber ?? ''],
            ...(b.additionalFields ?? []).map((f): [string, string] => [f.label, additionalFieldText(f)]),
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
  )
}

/**
 * 'Motif': the prescribing organisation's refusal causes (the six of spec §4 unless it changed them), required.
 * Shared by the FUP answer and a manual prescription's status.
 */
export function CauseField({
  value,
  onChange,
  error,
  causes,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
  causes: { code: string; label: string }[]
}) {
  return (
    <FormField label="Motif" as="select" value={value} onChange={onChange} error={error} required>
      <option value="">Choisir un motif</option>
      {causes.map((c) => (
        <option key={c.code} value={c.code}>
          {c.label}
        </option>
      ))}
    </FormField>
  )
}

/**
 * A prescription no longer waiting (answered, by a colleague meanwhile, or expired), shown read-only instead of the
 * form: when, the decision and its cause, the dates, who answered, and the answered sheet. `notSent`: the partner had
 * typed an answer that was not sent, and is told why.
 */
export function ClosedFup({ apply, notSent }: { apply: DialogApply; notSent: boolean }) {
  const feedback = apply.partnerFeedback
  const decision = feedback?.decision
  const expired = apply.state === 'EXPIRED'
  const cause = decision?.cause ? (apply.causes.find((c) => c.code === decision.cause)?.label ?? decision.cause) : null
  const what = `${expired ? 'expiré sans réponse' : 'reçu sa réponse'} le ${formatDate(apply.closedAt)}`
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {notSent
          ? `Votre réponse n’a pas été envoyée\u00a0: cette prescription a ${what}.`
          : `Cette prescription a ${what}.`}
      </p>
      {!expired && decision && (
        <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <dt className="text-slate-600">Décision</dt>
          <dd>{decision.partnerDecision === 'integrated' ? 'Intégré' : 'Non intégré'}</dd>
          {cause && (
            <>
              <dt className="text-slate-600">Motif</dt>
              <dd>{cause}</dd>
            </>
          )}
          {decision.firstReceptionDate && (
            <>
              <dt className="text-slate-600">Date du 1er accueil</dt>
              <dd>{formatDate(decision.firstReceptionDate)}</dd>
            </>
          )}
          <dt className="text-slate-600">Accompagnateur</dt>
          <dd>{feedback?.accompanierName || EMPTY_VALUE}</dd>
        </dl>
      )}
      {apply.answerDocumentId && (
        <a href={`/api/documents/${apply.answerDocumentId}`} className="self-start">
          Réponse du partenaire (PDF)
        </a>
      )}
      <PrescriptionSummary apply={apply} />
    </div>
  )
}
