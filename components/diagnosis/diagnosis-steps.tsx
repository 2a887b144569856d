'use client'

import { useId } from 'react'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import { FormField } from '@/components/ui/form-field'
import type { FormState } from '@/components/ui/use-action-form'
import {
  AVAILABILITY,
  DRIVING_LICENCE,
  EXPERIENCE,
  LEVELS,
  PROFESSIONAL_SITUATIONS,
  RQTH,
  TRAINING_LEVELS,
  barriersFound,
  levelLabel,
  type Project,
} from '@/lib/diagnosis/choices'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { barriersOf, type BarrierValue, type DiagnosisValues, type WizardChallenge } from './diagnosis-values'

type Props = { form: FormState<DiagnosisValues> }
type ChoiceKey = 'situation' | 'rqth' | 'trainingLevel' | 'experience' | 'drivingLicence' | 'availability'
export type Suggestion = {
  id: string
  name: string
  providerName: string
  addressFormatted: string | null
  nearby: string | null
  answers: string[]
}

const CHOICES: [ChoiceKey, string, readonly { value: string; label: string }[]][] = [
  ['situation', 'Situation professionnelle', PROFESSIONAL_SITUATIONS],
  ['rqth', 'Reconnaissance de travailleur handicapé (RQTH)', RQTH],
  ['trainingLevel', 'Niveau de formation', TRAINING_LEVELS],
]
const MORE_CHOICES: typeof CHOICES = [
  ['experience', 'Expérience professionnelle', EXPERIENCE],
  ['drivingLicence', 'Permis de conduire', DRIVING_LICENCE],
  ['availability', 'Disponibilité', AVAILABILITY],
]

/** Step 1: the person's project and situation, each answer optional but the job. */
export function ProjectStep({ form }: Props) {
  const { values, set, clear, errors } = form
  const setProject = <K extends keyof Project>(key: K, value: Project[K]) => {
    set({ project: { ...values.project, [key]: value } })
    clear(`project.${key}`)
  }
  const choice = ([key, label, list]: (typeof CHOICES)[number]) => (
    <FormField
      key={key}
      label={label}
      as="select"
      value={values.project[key] ?? ''}
      onChange={(v) => setProject(key, (v || null) as never)}
      error={errors[`project.${key}`]}
    >
      <option value="">Non renseigné</option>
      {list.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </FormField>
  )
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField
        label="Métier recherché"
        value={values.project.job}
        onChange={(job) => setProject('job', job)}
        error={errors['project.job']}
      />
      <FormField
        label="Code ROME (facultatif)"
        hint="Une lettre et quatre chiffres, par exemple K2204."
        value={values.project.romeCode ?? ''}
        onChange={(romeCode) => setProject('romeCode', romeCode)}
        error={errors['project.romeCode']}
      />
      {CHOICES.map(choice)}
      <FormField
        label="Fin du dernier emploi"
        type="date"
        value={values.project.lastJobEndedOn ?? ''}
        onChange={(lastJobEndedOn) => setProject('lastJobEndedOn', lastJobEndedOn)}
        error={errors['project.lastJobEndedOn']}
      />
      {MORE_CHOICES.map(choice)}
    </div>
  )
}

/** Step 2: each of the organisation's challenges, its level, the situations that apply and a comment. */
export function BarriersStep({ form, challenges }: Props & { challenges: WizardChallenge[] }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Pour chaque frein, choisissez son niveau, les situations qui s’appliquent et, si besoin, un commentaire.
      </p>
      {challenges.map((c, i) => (
        <BarrierFields key={c.id} form={form} challenge={c} index={i} />
      ))}
    </div>
  )
}

function BarrierFields({ form, challenge: c, index }: Props & { challenge: WizardChallenge; index: number }) {
  const base = useId()
  const value = form.values.barriers[c.id]!
  const error = form.errors[`barriers.${index}`]
  const change = (patch: Partial<BarrierValue>) => {
    form.set({ barriers: { ...form.values.barriers, [c.id]: { ...value, ...patch } } })
    form.clear(`barriers.${index}`)
  }
  const toggle = (s: string, on: boolean) =>
    change({ situations: on ? [...value.situations, s] : value.situations.filter((x) => x !== s) })
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${base}-error` : undefined}
    >
      <legend className="px-1 font-semibold">{c.name}</legend>
      <div
        role="radiogroup"
        aria-label={`Niveau du frein «\u00a0${c.name}\u00a0»`}
        className="flex flex-wrap gap-x-4 gap-y-2"
      >
        {LEVELS.map((l) => (
          <label key={l.value} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={`${base}-level`}
              value={l.value}
              checked={value.level === l.value}
              onChange={() => change({ level: l.value })}
              className="h-4 w-4"
            />
            {l.label}
          </label>
        ))}
      </div>
      {value.level !== 'none' && c.situations.length > 0 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Situations</legend>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {c.situations.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={value.situations.includes(s)}
                  onChange={(e) => toggle(s, e.target.checked)}
                  className="h-4 w-4"
                />
                {s}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {value.level !== 'none' && (
        <FormField
          label={`Commentaire sur «\u00a0${c.name}\u00a0»`}
          as="textarea"
          rows={2}
          maxLength={1000}
          value={value.comment}
          onChange={(comment) => change({ comment })}
        />
      )}
      {error && (
        <p id={`${base}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Step 3: the barriers found, and the open offers that answer them, each one prescribable from here. */
export function SummaryStep({
  values,
  challenges,
  suggestions,
  candidate,
  prescribe,
}: {
  values: DiagnosisValues
  challenges: WizardChallenge[]
  suggestions: Suggestion[] | null
  candidate: { id: string; name: string }
  prescribe: { defaults: PrescriberDefaults; today: string } | null
}) {
  const base = useId()
  const found = barriersFound(barriersOf(values, challenges))
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${base}-found`} className="flex flex-col gap-2">
        <h3 id={`${base}-found`} className="font-semibold">
          Freins repérés ({found.length})
        </h3>
        {found.length === 0 ? (
          <p className="text-sm text-slate-700">Aucun frein repéré.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {found.map((b) => (
              <li key={b.challengeId}>
                <span className="font-medium">{b.name}</span> — {levelLabel(b.level).toLowerCase()}
                {b.situations.length > 0 && <span className="text-slate-700"> ({b.situations.join(', ')})</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${base}-offers`} aria-busy={suggestions === null} className="flex flex-col gap-2">
        <h3 id={`${base}-offers`} className="font-semibold">
          Offres sociales suggérées
        </h3>
        {suggestions === null ? (
          <p className="text-sm text-slate-600">Recherche des offres…</p>
        ) : suggestions.length === 0 ? (
          <p className="text-sm text-slate-700">Aucune offre ouverte ne répond à ces freins.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {suggestions.map((o) => (
              <SuggestedOffer key={o.id} offer={o} candidate={candidate} prescribe={prescribe} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function SuggestedOffer({
  offer: o,
  candidate,
  prescribe,
}: {
  offer: Suggestion
  candidate: { id: string; name: string }
  prescribe: { defaults: PrescriberDefaults; today: string } | null
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div>
        <p className="font-medium">{o.name}</p>
        <p className="text-slate-700">
          {o.providerName}
          {o.addressFormatted ? ` · ${o.addressFormatted}` : ''}
          {o.nearby ? ` · ${o.nearby}` : ''}
        </p>
        <p className="text-slate-600">Répond à&nbsp;: {o.answers.join(', ')}</p>
      </div>
      {prescribe && (
        <PrescribeButton
          target={{
            kind: 'candidate',
            candidate,
            offers: [{ id: o.id, name: o.name, providerName: o.providerName }],
            offerId: o.id,
          }}
          defaults={prescribe.defaults}
          today={prescribe.today}
          accessibleLabel={`Prescrire l’offre «\u00a0${o.name}\u00a0»`}
          variant="secondary"
        />
      )}
    </li>
  )
}
