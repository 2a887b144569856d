'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useId, useRef, useState, useTransition } from 'react'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { diagnosisSuggestionsAction, saveDiagnosisAction } from '@/lib/diagnosis/actions'
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
  type DiagnosisAnswers,
  type Level,
  type Project,
} from '@/lib/diagnosis/choices'
import type { PrescriberDefaults } from '@/lib/prescriptions/queries'

export type WizardChallenge = { id: string; name: string; tags: string[]; situations: readonly string[] }
type BarrierValue = { level: Level; situations: string[]; comment: string }
type Suggestion = {
  id: string
  name: string
  providerName: string
  addressFormatted: string | null
  nearby: string | null
  answers: string[]
}

const STEPS = ['Projet', 'Freins', 'Synthèse'] as const
const inputClass = (error?: string) =>
  `rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-slate-300'}`

/**
 * The counsellor's diagnosis, filled with the person (screen shared): the project, the barriers of each of the
 * organisation's challenges, then the summary with the offers that answer them ("Prescrire" opens the prescription
 * dialog with the offer chosen). Each "Suivant" saves a draft; "Terminer le diagnostic" makes it count.
 */
export function DiagnosisWizard({
  candidate,
  challenges,
  initial,
  prescribe,
}: {
  candidate: { id: string; name: string }
  challenges: WizardChallenge[]
  initial: DiagnosisAnswers
  prescribe: { defaults: PrescriberDefaults; today: string } | null
}) {
  const router = useRouter()
  const base = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const [step, setStep] = useState(0)
  const [project, setProject] = useState<Project>(initial.project)
  const [barriers, setBarriers] = useState<Record<string, BarrierValue>>(() =>
    Object.fromEntries(
      challenges.map((c) => {
        const b = initial.barriers.find((x) => x.challengeId === c.id)
        return [c.id, { level: b?.level ?? 'none', situations: b?.situations ?? [], comment: b?.comment ?? '' }]
      }),
    ),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null)
  const [pending, startTransition] = useTransition()
  const moved = useRef(false)

  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])

  const answers = () => ({ project, barriers: challenges.map((c) => ({ challengeId: c.id, ...barriers[c.id]! })) })
  const setP = <K extends keyof Project>(key: K, value: Project[K]) => {
    setProject((p) => ({ ...p, [key]: value }))
    setErrors((e) => ({ ...e, [`project.${key}`]: '' }))
  }
  const setB = (id: string, patch: Partial<BarrierValue>) =>
    setBarriers((all) => ({ ...all, [id]: { ...all[id]!, ...patch } }))

  const save = (complete: boolean, then: () => void) =>
    startTransition(async () => {
      const outcome = await saveDiagnosisAction(candidate.id, answers(), complete)
      if (!outcome.ok) {
        setErrors(outcome.fieldErrors ?? {})
        toast.error(outcome.error)
        // The first field in error takes the focus (a barrier's error: its group).
        requestAnimationFrame(() =>
          containerRef.current
            ?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')
            ?.focus(),
        )
        return
      }
      setErrors({})
      then()
    })

  const goTo = (next: number) =>
    save(false, () => {
      setStep(next)
      if (next === 2) {
        setSuggestions(null)
        diagnosisSuggestionsAction(candidate.id, answers())
          .then((r) => setSuggestions(r.ok ? r.offers : []))
          .catch(() => {
            setSuggestions([])
            toast.error('Les offres suggérées n’ont pas pu être lues. Revenez à l’étape précédente pour réessayer.')
          })
      }
    })

  const choice = (
    key: 'situation' | 'rqth' | 'trainingLevel' | 'experience' | 'drivingLicence' | 'availability',
    label: string,
    list: readonly { value: string; label: string }[],
  ) => {
    const id = `${base}-${key}`
    const error = errors[`project.${key}`]
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={id}
          value={project[key] ?? ''}
          onChange={(e) => setP(key, (e.target.value || null) as never)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(error)}
        >
          <option value="">Non renseigné</option>
          {list.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    )
  }
  const textField = (
    key: 'job' | 'romeCode' | 'lastJobEndedOn',
    label: string,
    extra: { type?: string; hint?: string } = {},
  ) => {
    const id = `${base}-${key}`
    const error = errors[`project.${key}`]
    const describedBy =
      [extra.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {extra.hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {extra.hint}
          </p>
        )}
        <input
          id={id}
          type={extra.type ?? 'text'}
          value={project[key] ?? ''}
          onChange={(e) => setP(key, e.target.value as never)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass(error)}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    )
  }

  const found = barriersFound(
    challenges.map((c) => ({ challengeId: c.id, name: c.name, tags: c.tags, ...barriers[c.id]! })),
  )

  return (
    <div ref={containerRef} className="flex flex-col gap-6">
      <nav aria-label="Étapes du diagnostic">
        <ol className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((label, i) => (
            <li
              key={label}
              aria-current={i === step ? 'step' : undefined}
              className={`rounded-full px-3 py-1 ${i === step ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}
            >
              {i + 1}. {label}
            </li>
          ))}
        </ol>
      </nav>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        Étape {step + 1} sur 3&nbsp;: {STEPS[step]}
      </h2>

      {step === 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {textField('job', 'Métier recherché')}
          {textField('romeCode', 'Code ROME (facultatif)', {
            hint: 'Une lettre et quatre chiffres, par exemple K2204.',
          })}
          {choice('situation', 'Situation professionnelle', PROFESSIONAL_SITUATIONS)}
          {choice('rqth', 'Reconnaissance de travailleur handicapé (RQTH)', RQTH)}
          {choice('trainingLevel', 'Niveau de formation', TRAINING_LEVELS)}
          {textField('lastJobEndedOn', 'Fin du dernier emploi', { type: 'date' })}
          {choice('experience', 'Expérience professionnelle', EXPERIENCE)}
          {choice('drivingLicence', 'Permis de conduire', DRIVING_LICENCE)}
          {choice('availability', 'Disponibilité', AVAILABILITY)}
        </div>
      )}

      {step === 1 && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Pour chaque frein, choisissez son niveau, les situations qui s’appliquent et, si besoin, un commentaire.
          </p>
          {challenges.map((c, i) => {
            const value = barriers[c.id]!
            const error = errors[`barriers.${i}`]
            return (
              <fieldset
                key={c.id}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
                aria-describedby={error ? `${base}-b${i}-error` : undefined}
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
                        name={`${base}-level-${c.id}`}
                        value={l.value}
                        checked={value.level === l.value}
                        onChange={() => setB(c.id, { level: l.value })}
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
                            onChange={(e) =>
                              setB(c.id, {
                                situations: e.target.checked
                                  ? [...value.situations, s]
                                  : value.situations.filter((x) => x !== s),
                              })
                            }
                            className="h-4 w-4"
                          />
                          {s}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
                {value.level !== 'none' && (
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${base}-comment-${c.id}`} className="text-sm font-medium text-slate-800">
                      Commentaire sur «&nbsp;{c.name}&nbsp;»
                    </label>
                    <textarea
                      id={`${base}-comment-${c.id}`}
                      rows={2}
                      maxLength={1000}
                      value={value.comment}
                      onChange={(e) => setB(c.id, { comment: e.target.value })}
                      className={inputClass()}
                    />
                  </div>
                )}
                {error && (
                  <p id={`${base}-b${i}-error`} className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </fieldset>
            )
          })}
        </div>
      )}

      {step === 2 && (
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
                  <li
                    key={o.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                  >
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
                ))}
              </ul>
            )}
          </section>
        </div>
      )}

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        {step > 0 && (
          <Button variant="secondary" disabled={pending} onClick={() => setStep(step - 1)}>
            Précédent
          </Button>
        )}
        {step < 2 ? (
          <Button disabled={pending} onClick={() => goTo(step + 1)}>
            {pending ? 'Enregistrement…' : 'Suivant'}
          </Button>
        ) : (
          <Button
            disabled={pending}
            onClick={() =>
              save(true, () => {
                toast.success('Diagnostic enregistré.')
                router.push(`/v2/candidate/${candidate.id}`)
              })
            }
          >
            {pending ? 'Enregistrement…' : 'Terminer le diagnostic'}
          </Button>
        )}
      </div>
    </div>
  )
}
