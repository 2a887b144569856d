import { z } from 'zod'
import {
  AVAILABILITY,
  DRIVING_LICENCE,
  EXPERIENCE,
  PROFESSIONAL_SITUATIONS,
  RQTH,
  TRAINING_LEVELS,
  type DiagnosisAnswers,
  type Project,
} from './choices'
import { text as safeText } from '@/lib/text/safe-text'
import { isCalendarDate } from '@/lib/calendar-date'

/** The diagnosis answers' schemas and messages (the server's; the choices are in choices.ts). */
export * from './choices'

type Choice<V extends string = string> = { value: V; label: string; simple: string }
export const DIAGNOSIS_MESSAGES = {
  romeCode: 'Le code ROME a une lettre et quatre chiffres (par exemple K2204).',
  lastJobDate: 'La date de fin du dernier emploi n’est pas valide.',
  lastJobFuture: 'La date de fin du dernier emploi ne peut pas être dans le futur.',
  choice: 'Choisissez une des réponses proposées.',
  challengeUnknown: 'Un des freins n’existe pas dans votre organisation.',
  situationUnknown: 'Une des situations choisies n’existe pas pour ce frein.',
  tooLong: (max: number) => `${max} caractères au plus.`,
  notEditable: 'Ce diagnostic ne peut plus être modifié.',
  linkInvalid: 'Ce lien n’est plus valable.',
  noMobile:
    'Le candidat n’a pas de numéro de portable valide, ou il a refusé les SMS\u00a0: le lien ne peut pas lui être envoyé.',
} as const

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const text = (max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    safeText({ error: DIAGNOSIS_MESSAGES.tooLong(max) })
      .trim()
      .max(max, DIAGNOSIS_MESSAGES.tooLong(max)),
  )
const pick = <V extends string>(list: readonly Choice<V>[]) =>
  z.preprocess(
    blank,
    z
      .enum(list.map((c) => c.value) as [V, ...V[]], { error: DIAGNOSIS_MESSAGES.choice })
      .nullable()
      .default(null),
  )

export const projectSchema = z.object({
  job: text(200).default(''),
  romeCode: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    safeText({ error: DIAGNOSIS_MESSAGES.romeCode })
      .regex(/^[A-N]\d{4}$/, DIAGNOSIS_MESSAGES.romeCode)
      .nullable()
      .default(null),
  ),
  situation: pick(PROFESSIONAL_SITUATIONS),
  rqth: pick(RQTH),
  trainingLevel: pick(TRAINING_LEVELS),
  lastJobEndedOn: z.preprocess(
    blank,
    safeText({ error: DIAGNOSIS_MESSAGES.lastJobDate })
      .refine(isCalendarDate, DIAGNOSIS_MESSAGES.lastJobDate)
      .nullable()
      .default(null),
  ),
  experience: pick(EXPERIENCE),
  drivingLicence: pick(DRIVING_LICENCE),
  availability: pick(AVAILABILITY),
})

/** One barrier as written: the challenge (its name and tags are the server's, as they read then), level, situations, comment. */
export const barrierInputSchema = z.object({
  challengeId: safeText({ error: DIAGNOSIS_MESSAGES.challengeUnknown }).uuid(DIAGNOSIS_MESSAGES.challengeUnknown),
  level: z.enum(['none', 'light', 'important', 'blocking'], { error: DIAGNOSIS_MESSAGES.choice }),
  situations: z.array(safeText().max(200)).max(20).default([]),
  comment: text(1000).default(''),
})
export const answersInputSchema = z.object({
  project: projectSchema.default(projectSchema.parse({})),
  barriers: z.array(barrierInputSchema).max(50).default([]),
})
export const emptyAnswers = (): DiagnosisAnswers => ({ project: projectSchema.parse({}) as Project, barriers: [] })
