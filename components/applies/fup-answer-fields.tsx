'use client'

import { useId } from 'react'
import { ChoiceGroup, FormField } from '@/components/ui/form-field'
import type { FormState } from '@/components/ui/use-action-form'
import { CONVOCATION_KEYS, CONVOCATION_LABELS, CONVOCATION_REASONS } from '@/lib/prescriptions/fup-answer-schema'
import { CauseField } from './fup-dialog-parts'
import {
  asksConvocations,
  withCause,
  withConvocation,
  withDecision,
  withLogoToggled,
  type Convocation,
  type FupForm,
  type LogoChoice,
} from './fup-answer'

type Props = { form: FormState<FupForm> }
const decisionError = (form: FormState<FupForm>, key: string) => form.errors[`partnerFeedback.decision.${key}`]

/** The partner's decision first: integrated with its dates, or not with its cause (and the three convocations). */
export function DecisionFields({ form, causes }: Props & { causes: { code: string; label: string }[] }) {
  const errorId = useId()
  const { values, set } = form
  const err = (key: string) => decisionError(form, key)
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold">Décision</legend>
      <div
        role="radiogroup"
        aria-label="Décision du partenaire"
        aria-invalid={err('partnerDecision') ? true : undefined}
        aria-describedby={err('partnerDecision') ? errorId : undefined}
        className="flex flex-wrap gap-x-6 gap-y-2"
      >
        {(['integrated', 'notIntegrated'] as const).map((d) => (
          <label key={d} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="partnerDecision"
              value={d}
              checked={values.partnerDecision === d}
              onChange={() => set(withDecision(d))}
              className="h-4 w-4 accent-brand-700"
            />
            {d === 'integrated' ? 'Intégré' : 'Non intégré'}
          </label>
        ))}
      </div>
      {err('partnerDecision') && (
        <p id={errorId} className="text-sm text-red-700">
          {err('partnerDecision')}
        </p>
      )}
      {values.partnerDecision === 'integrated' && (
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Date du 1er accueil"
            type="date"
            value={values.firstReceptionDate}
            onChange={(firstReceptionDate) => set({ firstReceptionDate })}
            error={err('firstReceptionDate')}
          />
          <FormField
            label="Date du bilan prévu"
            type="date"
            value={values.assessmentDate}
            onChange={(assessmentDate) => set({ assessmentDate })}
            error={err('assessmentDate')}
          />
        </div>
      )}
      {(values.partnerDecision === 'notIntegrated' || err('cause')) && (
        <CauseField
          value={values.cause}
          onChange={(cause) => set(withCause(cause))}
          error={err('cause')}
          causes={causes}
        />
      )}
      {asksConvocations(values) && <ConvocationFields form={form} />}
    </fieldset>
  )
}

/** Spec §4: a refusal because the person never came lists the three convocations and why each was missed. */
function ConvocationFields({ form }: Props) {
  const { values, set, clear } = form
  const change = (i: number, key: string, patch: Partial<Convocation>) => {
    set(withConvocation(values, i, patch))
    clear(...Object.keys(patch).map((field) => `${key}.${field}`))
  }
  return (
    <div className="flex flex-col gap-3">
      {CONVOCATION_KEYS.map((key, i) => (
        <fieldset key={key} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-2">
          <legend className="px-1 text-sm font-medium">{CONVOCATION_LABELS[i]}</legend>
          <FormField
            label="Date"
            type="date"
            value={values.convocations[i]!.date}
            onChange={(date) => change(i, key, { date })}
            error={decisionError(form, `${key}.date`)}
            required
          />
          <FormField
            label="Motif d’absence"
            as="select"
            value={values.convocations[i]!.reason}
            onChange={(reason) => change(i, key, { reason: reason as Convocation['reason'] })}
            error={decisionError(form, `${key}.reason`)}
            required
          >
            <option value="">Choisir</option>
            {Object.entries(CONVOCATION_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FormField>
        </fieldset>
      ))}
    </div>
  )
}

/** Who answers for the partner: prefilled with the structure's details, all editable. */
export function FeedbackFields({ form }: Props) {
  const { values, set, errors } = form
  const err = (key: string) => errors[`partnerFeedback.${key}`]
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">Retour du partenaire</legend>
      <FormField
        label="Prénom et nom de l’accompagnateur"
        value={values.accompanierName}
        onChange={(accompanierName) => set({ accompanierName })}
        error={err('accompanierName')}
        autoComplete="name"
        required
      />
      <FormField
        label="Nom du partenaire"
        value={values.name}
        onChange={(name) => set({ name })}
        error={err('name')}
        required
      />
      <FormField
        label="Email"
        type="email"
        value={values.email}
        onChange={(email) => set({ email })}
        error={err('email')}
        required
      />
      <FormField
        label="Téléphone"
        type="tel"
        value={values.phone}
        onChange={(phone) => set({ phone })}
        error={err('phone')}
      />
      <FormField
        label="Adresse"
        value={values.address}
        onChange={(address) => set({ address })}
        error={err('address')}
        className="md:col-span-2"
      />
    </fieldset>
  )
}

/** The financers' logos printed on the sheet; the required ones (the FSE's) stay ticked. */
export function LogoFields({ form, choices }: Props & { choices: LogoChoice[] }) {
  const { values, set, errors } = form
  if (choices.length === 0) return null
  return (
    <ChoiceGroup
      legend="Logos des financeurs"
      legendClassName="mb-2 text-base font-semibold"
      error={errors['sponsorsLogo.0.label']}
    >
      <div className="flex flex-wrap gap-4">
        {choices.map((l) => (
          <label key={l.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={l.required || values.logos.includes(l.value)}
              disabled={l.required}
              onChange={() => set(withLogoToggled(values, l.value))}
            />
            {l.label}
            {l.required && <span className="text-xs text-slate-600">(obligatoire)</span>}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  )
}
