import { z } from 'zod'
import { isCalendarDate } from '@/lib/calendar-date'
import { freeText, optionalText, requiredText } from '@/lib/directory/fields'
import { text } from '@/lib/text/safe-text'

export const STEP_KINDS = {
  interview: 'Entretien individuel',
  workshop: 'Atelier',
  prescription: 'Prescription à une offre sociale',
  administrative: 'Démarche administrative',
  other: 'Autre',
} as const
export type StepKind = keyof typeof STEP_KINDS
export const DELAY_FROM = { enrolment: 'de l’inscription', previous: 'de l’étape précédente' } as const

export const COURSE_MESSAGES = {
  nameRequired: 'Le nom du parcours est obligatoire.',
  ownerUnknown: 'Le responsable doit être un membre de votre organisation.',
  stepTitleRequired: 'Le titre de l’étape est obligatoire.',
  stepKindUnknown: 'Choisissez le type de l’étape.',
  delayInvalid: 'Le délai est compris entre 0 et 365 jours.',
  tooManySteps: 'Un parcours a au plus 30 étapes.',
  stepUnknown: 'Cette étape est introuvable.',
  noCandidate: 'Choisissez au moins un candidat.',
  candidateUnknown: 'Un des candidats choisis est introuvable.',
  alreadyEnrolled: (names: string) => `Déjà inscrit à ce parcours\u00a0: ${names}. Aucun candidat n’a été ajouté.`,
  dateInvalid: 'La date n’est pas valide.',
  reasonRequired: 'Le motif est obligatoire.',
  notActive: 'Ce candidat a déjà quitté le parcours.',
  linkUnknown: 'L’atelier ou la prescription choisi est introuvable pour ce candidat.',
  linkWrongKind:
    'Seule une étape «\u00a0Atelier\u00a0» se lie à un atelier, et une étape «\u00a0Prescription\u00a0» à une prescription.',
  linkNotAttended: 'Le candidat n’a pas été marqué présent à cet atelier.',
  // Invitations to a step (lib/support-courses/invited-steps.ts): a refusal follows the person's name.
  stepNotInvitable: 'Cette étape n’invite à aucun thème d’ateliers.',
  inviteNotEnrolled: 'n’est pas inscrit à ce parcours',
  inviteStepDone: 'a déjà fait cette étape',
} as const

export const courseSchema = z.object({
  name: requiredText(COURSE_MESSAGES.nameRequired, 200),
  description: freeText(5000),
  ownerId: text({ error: COURSE_MESSAGES.ownerUnknown }).min(1, COURSE_MESSAGES.ownerUnknown).max(100),
})

export const stepsSchema = z.object({
  steps: z
    .array(
      z.object({
        id: text().uuid().nullable().optional(),
        title: requiredText(COURSE_MESSAGES.stepTitleRequired, 200),
        kind: z.enum(Object.keys(STEP_KINDS) as [StepKind, ...StepKind[]], { error: COURSE_MESSAGES.stepKindUnknown }),
        delayDays: z.preprocess(
          (v) => (typeof v === 'string' ? Number(v) : v),
          z
            .number({ error: COURSE_MESSAGES.delayInvalid })
            .int(COURSE_MESSAGES.delayInvalid)
            .min(0, COURSE_MESSAGES.delayInvalid)
            .max(365, COURSE_MESSAGES.delayInvalid),
        ),
        delayFrom: z.enum(['enrolment', 'previous']).default('previous'),
        /** A step of kind "atelier": the workshops' theme its invitations go to ("" or none: no invitation). */
        workshopTheme: optionalText(200),
      }),
    )
    .max(30, COURSE_MESSAGES.tooManySteps),
})

export const enrolSchema = z.object({
  candidateIds: z.array(text().uuid(COURSE_MESSAGES.candidateUnknown)).min(1, COURSE_MESSAGES.noCandidate).max(200),
})

const optionalUuid = z.preprocess(
  (v) => (v === '' ? null : v),
  text().uuid(COURSE_MESSAGES.linkUnknown).nullable().optional(),
)

export const stepDoneSchema = z.object({
  doneOn: text({ error: COURSE_MESSAGES.dateInvalid }).refine(isCalendarDate, COURSE_MESSAGES.dateInvalid),
  comment: optionalText(1000),
  /** A step of kind "atelier": the workshop attendance it refers to; of kind "prescription": the prescription. */
  workshopRegistrationId: optionalUuid,
  applyId: optionalUuid,
})

export const leaveSchema = z.object({
  outcome: z.enum(['finished', 'abandoned'], { error: 'Choisissez «\u00a0terminé\u00a0» ou «\u00a0abandonné\u00a0».' }),
  reason: requiredText(COURSE_MESSAGES.reasonRequired, 500),
})
