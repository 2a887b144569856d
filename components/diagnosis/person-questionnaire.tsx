'use client'

import { useEffect, useRef, useState } from 'react'
import { submitPersonDiagnosisAction } from '@/lib/diagnosis/actions'
import { AVAILABILITY, DRIVING_LICENCE, LEVELS, PROFESSIONAL_SITUATIONS, TRAINING_LEVELS, type Level } from '@/lib/diagnosis/choices'

type Challenge = { id: string; name: string; situations: readonly string[] }
type Choice = { value: string; simple: string }
type ProjectKey = 'situation' | 'trainingLevel' | 'drivingLicence' | 'availability'
type Screen = { kind: 'job' } | { kind: 'choice'; key: ProjectKey; question: string; list: readonly Choice[] } | { kind: 'barrier'; challenge: Challenge } | { kind: 'review' }

const big = 'flex min-h-12 items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'

/**
 * The diagnosis as the person fills it through their link (issue 14 §2): one question per screen, short sentences,
 * big touch targets, made for a phone of 320 px. Nothing of the candidate is shown; the answers go to the counsellor,
 * who reviews them before they count.
 */
export function PersonQuestionnaire({ token, organisationName, challenges }: { token: string; organisationName: string; challenges: Challenge[] }) {
  const screens: Screen[] = [
    { kind: 'job' },
    { kind: 'choice', key: 'situation', question: 'Aujourd’hui, quelle est votre situation\u00a0?', list: PROFESSIONAL_SITUATIONS },
    { kind: 'choice', key: 'trainingLevel', question: 'Quel est votre diplôme le plus haut\u00a0?', list: TRAINING_LEVELS },
    { kind: 'choice', key: 'drivingLicence', question: 'Avez-vous le permis de conduire\u00a0?', list: DRIVING_LICENCE },
    { kind: 'choice', key: 'availability', question: 'Quand pouvez-vous commencer à travailler\u00a0?', list: AVAILABILITY },
    ...challenges.map((challenge) => ({ kind: 'barrier' as const, challenge })),
    { kind: 'review' },
  ]
  const [index, setIndex] = useState(0)
  const [job, setJob] = useState('')
  const [project, setProject] = useState<Partial<Record<ProjectKey, string>>>({})
  const [levels, setLevels] = useState<Record<string, Level>>({})
  const [situations, setSituations] = useState<Record<string, string[]>>({})
  const [state, setState] = useState<'filling' | 'sending' | 'sent'>('filling')
  const [error, setError] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)

  useEffect(() => {
    if (!first.current) headingRef.current?.focus()
    first.current = false
  }, [index, state])

  const screen = screens[index]!
  const total = screens.length - 1

  async function send() {
    setState('sending')
    setError(null)
    const outcome = await submitPersonDiagnosisAction(token, {
      project: { job, ...project },
      barriers: challenges.map((c) => ({ challengeId: c.id, level: levels[c.id] ?? 'none', situations: levels[c.id] && levels[c.id] !== 'none' ? situations[c.id] ?? [] : [], comment: '' })),
    }).catch(() => ({ ok: false as const, error: 'L’envoi n’a pas marché. Vérifiez votre connexion, puis réessayez.' }))
    if (outcome.ok) return setState('sent')
    setState('filling')
    setError(outcome.error)
  }

  if (state === 'sent') {
    return (
      <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
        <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          Merci&nbsp;!
        </h1>
        <p className="text-base">Vos réponses sont envoyées à {organisationName}.</p>
        <p className="text-base">Votre conseiller va les lire. Il en parlera avec vous au prochain rendez-vous.</p>
      </section>
    )
  }

  const radios = (name: string, list: readonly Choice[], value: string | undefined, onChange: (v: string) => void) => (
    <div className="flex flex-col gap-2">
      {list.map((c) => (
        <label key={c.value} className={big}>
          <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} className="h-5 w-5 shrink-0" />
          {c.simple}
        </label>
      ))}
    </div>
  )

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (screen.kind === 'review') void send()
        else setIndex(index + 1)
      }}
      className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      {index < total && (
        <p className="text-sm text-slate-600">
          Question {index + 1} sur {total}
        </p>
      )}
      {screen.kind === 'job' && (
        <div className="flex flex-col gap-2">
          <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            <label htmlFor="job">Quel travail cherchez-vous&nbsp;?</label>
          </h1>
          <p id="job-hint" className="text-sm text-slate-700">
            Par exemple&nbsp;: aide à domicile, cariste, vendeuse. Vous pouvez laisser vide.
          </p>
          <input id="job" value={job} onChange={(e) => setJob(e.target.value)} maxLength={200} aria-describedby="job-hint" className="rounded-lg border border-slate-400 px-4 py-3 text-base" />
        </div>
      )}
      {screen.kind === 'choice' && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3">
            <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
              {screen.question}
            </h1>
          </legend>
          {radios(screen.key, screen.list, project[screen.key], (v) => setProject((p) => ({ ...p, [screen.key]: v })))}
        </fieldset>
      )}
      {screen.kind === 'barrier' && (
        <>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3">
              <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
                {screen.challenge.name}&nbsp;: est-ce difficile pour vous&nbsp;?
              </h1>
            </legend>
            {radios(`level-${screen.challenge.id}`, LEVELS, levels[screen.challenge.id], (v) => setLevels((l) => ({ ...l, [screen.challenge.id]: v as Level })))}
          </fieldset>
          {levels[screen.challenge.id] && levels[screen.challenge.id] !== 'none' && screen.challenge.situations.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-base font-semibold">Qu’est-ce qui est difficile&nbsp;? (plusieurs choix possibles)</legend>
              {screen.challenge.situations.map((s) => {
                const chosen = situations[screen.challenge.id] ?? []
                return (
                  <label key={s} className={big}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(s)}
                      onChange={(e) => setSituations((all) => ({ ...all, [screen.challenge.id]: e.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s) }))}
                      className="h-5 w-5 shrink-0"
                    />
                    {s}
                  </label>
                )
              })}
            </fieldset>
          )}
        </>
      )}
      {screen.kind === 'review' && (
        <div className="flex flex-col gap-3">
          <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            C’est fini&nbsp;!
          </h1>
          <p className="text-base">Vous pouvez revenir en arrière pour changer une réponse. Quand tout est bon, envoyez vos réponses à {organisationName}.</p>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-base text-red-900">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {index > 0 && (
          <button type="button" onClick={() => setIndex(index - 1)} className="min-h-12 rounded-lg border border-slate-400 bg-white px-5 text-base">
            Précédent
          </button>
        )}
        <button type="submit" disabled={state === 'sending'} className="min-h-12 flex-1 rounded-lg bg-brand-700 px-5 text-base font-semibold text-white disabled:opacity-60">
          {screen.kind === 'review' ? (state === 'sending' ? 'Envoi…' : 'Envoyer mes réponses') : 'Suivant'}
        </button>
      </div>
    </form>
  )
}
