import { z } from 'zod'
import { isCalendarDate } from '@/lib/calendar-date'
import { isPhoneNumber } from '@/lib/phone'
import { text as safeText } from '@/lib/text/safe-text'
import { CAUSE_CODE } from './cause-labels'
import { FUP_MESSAGES } from './fup-answer-schema'

/** French messages of the prescriber's form; email and phone are spec §5's, shared with the partner's form. */
export const PRESCRIPTION_MESSAGES = {
  candidateRequired: 'Choisissez le candidat à prescrire',
  offerRequired: 'Choisissez l’offre sociale',
  rsaReferentNameRequired: 'Le nom du référent est obligatoire',
  structureRequired: 'La structure du référent est obligatoire',
  goalRequired: 'L’objectif de la prescription est obligatoire',
  goalTooLong: 'L’objectif ne doit pas dépasser 2 000 caractères',
  textTooLong: 'Ce champ ne doit pas dépasser 500 caractères',
  validatePrescriptionRequired: 'Vous devez valider la prescription',
  approveDemandRequired: 'L’accord du bénéficiaire pour cette demande est obligatoire',
  prescriptionDateRequired: 'La date de prescription est obligatoire',
  prescriptionDateInFuture: 'La date de prescription ne peut pas être dans le futur',
  emailFormat: FUP_MESSAGES.emailFormat,
  phoneIncomplete: FUP_MESSAGES.phoneIncomplete,
  dateInvalid: FUP_MESSAGES.dateInvalid,
  unexpectedField: FUP_MESSAGES.unexpectedField,
  // Manual status (a prescription the partner answers outside Passerelle)
  manualStateRequired: 'Le nouveau statut est obligatoire',
  causeRequired: FUP_MESSAGES.causeRequired,
  causeUnknown: FUP_MESSAGES.causeUnknown,
  firstReceptionDateRequired: 'La date du 1er accueil est obligatoire',
  assessmentBeforeReception: 'La date du bilan doit suivre la date du 1er accueil',
} as const

const M = PRESCRIPTION_MESSAGES

const text = (max: number, tooLong: string) => safeText({ error: tooLong }).trim().max(max, tooLong)
const required = (message: string) => safeText({ error: message }).trim().min(1, message).max(500, M.textTooLong)

/** A calendar day in the past or today (Paris). `today` is injectable for tests. */
const prescriptionDate = (today: () => string) =>
  safeText({ error: M.prescriptionDateRequired })
    .trim()
    .min(1, M.prescriptionDateRequired)
    .refine(isCalendarDate, M.dateInvalid)
    .refine((v) => !isCalendarDate(v) || v <= today(), M.prescriptionDateInFuture)

/**
 * The prescription part of the FUP, as the referent fills it (spec §3 FUP.prescription). Both checkboxes must
 * be ticked: a prescription the referent does not validate, or that the beneficiary did not agree to, is not sent.
 */
export function prescriptionFormSchema(today: () => string) {
  return z.strictObject(
    {
      rsaReferentName: required(M.rsaReferentNameRequired),
      email: safeText({ error: M.emailFormat }).trim().pipe(z.email(M.emailFormat)),
      phone: safeText({ error: M.phoneIncomplete })
        .trim()
        .refine((v) => v === '' || isPhoneNumber(v), M.phoneIncomplete)
        .default(''),
      structure: required(M.structureRequired),
      address: text(500, M.textTooLong).default(''),
      goal: safeText({ error: M.goalRequired }).trim().min(1, M.goalRequired).max(2000, M.goalTooLong),
      validatePrescription: z.literal(true, { error: M.validatePrescriptionRequired }),
      approveDemand: z.literal(true, { error: M.approveDemandRequired }),
      prescriptionDate: prescriptionDate(today),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unexpectedField : M.goalRequired) },
  )
}
export type PrescriptionForm = z.output<ReturnType<typeof prescriptionFormSchema>>

/** A manual prescription (the partner does not use Passerelle): only its date; no sheet, no FUP. */
export function manualPrescriptionSchema(today: () => string) {
  return z.strictObject(
    { prescriptionDate: prescriptionDate(today) },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unexpectedField : M.prescriptionDateRequired) },
  )
}

const optionalDate = safeText({ error: M.dateInvalid })
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), M.dateInvalid)

/** The referent records the answer of a partner that does not use Passerelle: integrated (with dates) or refused (with a cause). */
export const manualStatusSchema = z
  .strictObject(
    {
      state: z.enum(['INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'], { error: M.manualStateRequired }),
      firstReceptionDate: optionalDate,
      assessmentDate: optionalDate,
      cause: safeText({ error: M.causeRequired })
        .trim()
        .optional()
        .transform((v) => (v ? v : null)),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unexpectedField : M.manualStateRequired) },
  )
  .superRefine((d, ctx) => {
    if (d.state === 'INTEGRATED_CANDIDATE') {
      if (!d.firstReceptionDate)
        ctx.addIssue({ code: 'custom', path: ['firstReceptionDate'], message: M.firstReceptionDateRequired })
      if (d.cause) ctx.addIssue({ code: 'custom', path: ['cause'], message: M.causeRequired })
      if (d.firstReceptionDate && d.assessmentDate && d.assessmentDate < d.firstReceptionDate)
        ctx.addIssue({ code: 'custom', path: ['assessmentDate'], message: M.assessmentBeforeReception })
    } else if (!d.cause) {
      ctx.addIssue({ code: 'custom', path: ['cause'], message: M.causeRequired })
    } else if (!CAUSE_CODE.test(d.cause)) {
      ctx.addIssue({ code: 'custom', path: ['cause'], message: M.causeUnknown })
    }
  })
  .transform((d) =>
    d.state === 'INTEGRATED_CANDIDATE'
      ? { state: d.state, firstReceptionDate: d.firstReceptionDate, assessmentDate: d.assessmentDate, cause: null }
      : { state: d.state, firstReceptionDate: null, assessmentDate: null, cause: d.cause },
  )
export type ManualStatus = z.output<typeof manualStatusSchema>
