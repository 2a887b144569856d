import { html, htmlPage as plainPage, type Safe } from '@/lib/html/plain'
import { AVAILABILITY, DRIVING_LICENCE, LEVELS, PROFESSIONAL_SITUATIONS, TRAINING_LEVELS } from './choices'

/**
 * The diagnosis as the person answers it through the link of their SMS, in plain HTML (lib/html/plain.ts):
 * one question per screen, short sentences, big touch targets, for a phone of 320 px, without JavaScript. Each screen
 * posts every answer so far (hidden fields) and gets the next one; nothing is kept before "Envoyer mes réponses".
 * Nothing of the candidate is shown.
 */
export type PersonChallenge = { id: string; name: string; situations: readonly string[] }
type ProjectKey = 'situation' | 'trainingLevel' | 'drivingLicence' | 'availability'
export type PersonAnswers = {
  job: string
  project: Partial<Record<ProjectKey, string>>
  levels: Record<string, string>
  situations: Record<string, string[]>
}
type Screen =
  | { kind: 'job' }
  | { kind: 'choice'; key: ProjectKey; question: string; list: readonly { value: string; simple: string }[] }
  | { kind: 'barrier'; challenge: PersonChallenge }
  | { kind: 'review' }

const NBSP = '\u00a0'
const PROJECT: { key: ProjectKey; question: string; list: readonly { value: string; simple: string }[] }[] = [
  { key: 'situation', question: `Aujourd’hui, quelle est votre situation${NBSP}?`, list: PROFESSIONAL_SITUATIONS },
  { key: 'trainingLevel', question: `Quel est votre diplôme le plus haut${NBSP}?`, list: TRAINING_LEVELS },
  { key: 'drivingLicence', question: `Avez-vous le permis de conduire${NBSP}?`, list: DRIVING_LICENCE },
  { key: 'availability', question: `Quand pouvez-vous commencer à travailler${NBSP}?`, list: AVAILABILITY },
]

export const screensOf = (challenges: PersonChallenge[]): Screen[] => [
  { kind: 'job' },
  ...PROJECT.map((p) => ({ kind: 'choice' as const, ...p })),
  ...challenges.map((challenge) => ({ kind: 'barrier' as const, challenge })),
  { kind: 'review' },
]

export const EMPTY_ANSWERS: PersonAnswers = { job: '', project: {}, levels: {}, situations: {} }

/** The answers a screen posted: those carried in hidden fields and the current screen's. */
export function readAnswers(form: URLSearchParams, challenges: PersonChallenge[]): PersonAnswers {
  const answers: PersonAnswers = { job: (form.get('job') ?? '').slice(0, 200), project: {}, levels: {}, situations: {} }
  for (const p of PROJECT) {
    const v = form.get(p.key)
    if (v) answers.project[p.key] = v
  }
  for (const c of challenges) {
    const level = form.get(`level-${c.id}`)
    if (level) answers.levels[c.id] = level
    const situations = form.getAll(`situations-${c.id}`)
    if (situations.length) answers.situations[c.id] = situations
  }
  return answers
}

/** The answers as the server's diagnosis takes them (lib/diagnosis/diagnoses.ts submitByPerson). */
export const toDiagnosisInput = (answers: PersonAnswers, challenges: PersonChallenge[]) => ({
  project: { job: answers.job, ...answers.project },
  barriers: challenges.map((c) => {
    const level = answers.levels[c.id] ?? 'none'
    return {
      challengeId: c.id,
      level,
      situations: level === 'none' ? [] : (answers.situations[c.id] ?? []),
      comment: '',
    }
  }),
})

const big =
  'flex min-h-12 items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'
const card = 'flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5'
const heading = 'text-xl font-semibold'

export const personPage = (status: number, title: string, body: Safe) =>
  plainPage(status, title, body, 'Quelques questions sur votre projet et vos besoins.')

/** One screen of the questionnaire, with every other answer carried along. */
export function personScreen(props: {
  token: string
  organisationName: string
  challenges: PersonChallenge[]
  index: number
  answers: PersonAnswers
  error?: string | null
}) {
  const screens = screensOf(props.challenges)
  const index = Math.max(0, Math.min(props.index, screens.length - 1))
  const screen = screens[index]!
  const total = screens.length - 1
  const a = props.answers
  // Every answer not asked on this screen travels in a hidden field.
  const hidden: [string, string][] = []
  if (screen.kind !== 'job') hidden.push(['job', a.job])
  for (const p of PROJECT)
    if (!(screen.kind === 'choice' && screen.key === p.key) && a.project[p.key]) hidden.push([p.key, a.project[p.key]!])
  for (const c of props.challenges) {
    if (screen.kind === 'barrier' && screen.challenge.id === c.id) continue
    if (a.levels[c.id]) hidden.push([`level-${c.id}`, a.levels[c.id]!])
    for (const s of a.situations[c.id] ?? []) hidden.push([`situations-${c.id}`, s])
  }
  const radios = (name: string, list: readonly { value: string; simple: string }[], value: string | undefined) =>
    html`<div class="flex flex-col gap-2">${list.map((c) => html`<label class="${big}"><input type="radio" name="${name}" value="${c.value}"${value === c.value ? html` checked` : ''} class="h-5 w-5 shrink-0">${c.simple}</label>`)}</div>`
  let content: Safe
  let title: string
  if (screen.kind === 'job') {
    title = 'Quel travail cherchez-vous\u00a0?'
    content = html`<div class="flex flex-col gap-2"><h1 class="${heading}"><label for="job">${title}</label></h1><p id="job-hint" class="text-sm text-slate-700">Par exemple${NBSP}: aide à domicile, cariste, vendeuse. Vous pouvez laisser vide.</p><input id="job" name="job" value="${a.job}" maxlength="200" aria-describedby="job-hint" class="rounded-lg border border-slate-400 px-4 py-3 text-base"></div>`
  } else if (screen.kind === 'choice') {
    title = screen.question
    content = html`<fieldset class="flex flex-col gap-3"><legend class="mb-3"><h1 class="${heading}">${screen.question}</h1></legend>${radios(screen.key, screen.list, a.project[screen.key])}</fieldset>`
  } else if (screen.kind === 'barrier') {
    const c = screen.challenge
    title = `${c.name}${NBSP}: est-ce difficile pour vous${NBSP}?`
    const chosen = a.situations[c.id] ?? []
    content = html`<fieldset class="flex flex-col gap-3"><legend class="mb-3"><h1 class="${heading}">${title}</h1></legend>${radios(`level-${c.id}`, LEVELS, a.levels[c.id])}</fieldset>${
      c.situations.length
        ? html`<fieldset class="flex flex-col gap-2"><legend class="mb-2 text-base font-semibold">Si oui, qu’est-ce qui est difficile${NBSP}? (plusieurs choix possibles)</legend>${c.situations.map(
            (s) =>
              html`<label class="${big}"><input type="checkbox" name="situations-${c.id}" value="${s}"${chosen.includes(s) ? html` checked` : ''} class="h-5 w-5 shrink-0">${s}</label>`,
          )}</fieldset>`
        : ''
    }`
  } else {
    title = 'C’est fini\u00a0!'
    content = html`<div class="flex flex-col gap-3"><h1 class="${heading}">${title}</h1><p class="text-base">Vous pouvez revenir en arrière pour changer une réponse. Quand tout est bon, envoyez vos réponses à ${props.organisationName}.</p></div>`
  }
  const body = html`<form method="post" action="/diagnosis/${props.token}" class="${card}">
${index < total ? html`<p class="text-sm text-slate-600">Question ${index + 1} sur ${total}</p>` : ''}
${props.error ? html`<p role="alert" tabindex="-1" autofocus class="rounded-md border border-red-300 bg-red-50 p-3 text-base text-red-900">${props.error}</p>` : ''}
${content}
<input type="hidden" name="step" value="${index}">${hidden.map(([n, v]) => html`<input type="hidden" name="${n}" value="${v}">`)}
<div class="flex flex-row-reverse flex-wrap justify-end gap-3">
<button type="submit" name="go" value="${screen.kind === 'review' ? 'send' : 'next'}" class="min-h-12 flex-1 rounded-lg bg-brand-700 px-5 text-base font-semibold text-white">${screen.kind === 'review' ? 'Envoyer mes réponses' : 'Suivant'}</button>
${index > 0 ? html`<button type="submit" name="go" value="back" class="min-h-12 rounded-lg border border-slate-400 bg-white px-5 text-base">Précédent</button>` : ''}
</div>
</form>`
  return { title: index < total ? `Question ${index + 1} sur ${total}` : title, body }
}

export const thanks = (organisationName: string) =>
  html`<section class="${card}"><h1 class="${heading}">Merci${NBSP}!</h1><p class="text-base">Vos réponses sont envoyées à ${organisationName}.</p><p class="text-base">Votre conseiller va les lire. Il en parlera avec vous au prochain rendez-vous.</p></section>`

export const linkClosed = (state: 'used' | 'expired', organisationName: string) =>
  html`<section role="alert" class="${card}"><h1 class="${heading}">${state === 'used' ? 'Vos réponses sont déjà envoyées' : 'Ce lien a expiré'}</h1><p class="text-base">${state === 'used' ? 'Merci. Ce lien ne sert qu’une fois.' : 'Ce lien était valable 7 jours.'}</p><p class="text-base">Si besoin, demandez un nouveau lien à votre conseiller de ${organisationName}.</p></section>`

export const linkUnknown = () =>
  html`<section role="alert" class="${card}"><h1 class="${heading}">Ce lien n’existe pas</h1><p class="text-base">Vérifiez qu’il est complet, ou demandez un nouveau lien à votre conseiller.</p></section>`
