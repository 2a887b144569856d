import { fieldErrorsOf } from '@/lib/frame/outcome'
import {
  manualPrescriptionSchema,
  PRESCRIPTION_MESSAGES,
  prescriptionFormSchema,
} from '@/lib/prescriptions/prescription-schema'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { parseCustomField, type CustomFieldDefinition } from '@/lib/candidates/candidate-schema'
import type { FieldErrors } from '@/lib/forms/form-errors'

export type PrescribableOffer = { id: string; name: string; providerName: string }
export type PrescribeTarget =
  | { kind: 'offer'; offer: PrescribableOffer }
  /** Without `offers`, the dialog reads the organisation's open offers when it opens (prescribableOffersAction). */
  | { kind: 'candidate'; candidate: { id: string; name: string }; offers?: PrescribableOffer[]; offerId?: string }

export type PickedCandidate = { id: string; name: string; detail: string }
/** The FUP model's additional fields, answered by key (strings as typed, lists as chosen). */
export type ModelAnswers = Record<string, string | string[]>

/** The dialog as typed: the prescriber part of the sheet (prefilled), the choice of candidate or offer, the model's answers. */
export type PrescribeValues = PrescriberDefaults & {
  manual: boolean
  candidate: PickedCandidate | null
  offerId: string
  goal: string
  validatePrescription: boolean
  approveDemand: boolean
  prescriptionDate: string
  modelAnswers: ModelAnswers
}

export function initialPrescribeValues(
  target: PrescribeTarget,
  defaults: PrescriberDefaults,
  today: string,
): PrescribeValues {
  return {
    ...defaults,
    manual: false,
    candidate: null,
    // From the diagnosis summary, the suggested offer comes chosen.
    offerId: target.kind === 'candidate' ? (target.offerId ?? '') : '',
    goal: '',
    validatePrescription: false,
    approveDemand: false,
    prescriptionDate: today,
    modelAnswers: {},
  }
}

/** The offer being prescribed to: the directory's, or the one chosen on the sheet ('' while none). */
export const offerIdOf = (target: PrescribeTarget, v: PrescribeValues) =>
  target.kind === 'offer' ? target.offer.id : v.offerId

/** What prescribeAction takes: the prescription part exactly as its strict schema reads it. */
export function prescribeInputOf(target: PrescribeTarget, v: PrescribeValues) {
  const { rsaReferentName, structure, email, phone, address, goal, validatePrescription, approveDemand } = v
  return {
    candidateId: target.kind === 'candidate' ? target.candidate.id : v.candidate?.id,
    offerId: offerIdOf(target, v),
    manual: v.manual,
    prescription: v.manual
      ? { prescriptionDate: v.prescriptionDate }
      : {
          rsaReferentName,
          structure,
          email,
          phone,
          address,
          goal,
          validatePrescription,
          approveDemand,
          prescriptionDate: v.prescriptionDate,
        },
    modelAnswers: v.manual ? undefined : v.modelAnswers,
  }
}

/**
 * The server's checks that need no database, before sending, so that every error shows in one pass: the candidate
 * or the offer, the sheet's fields (or a manual prescription's date), the model's required fields. The server
 * checks again, and adds what only it knows (a prescription already pending).
 */
export function checkPrescription(
  target: PrescribeTarget,
  v: PrescribeValues,
  modelFields: CustomFieldDefinition[],
  today: string,
): FieldErrors {
  const errors: FieldErrors = {}
  const input = prescribeInputOf(target, v)
  if (!input.candidateId) errors.candidateId = PRESCRIPTION_MESSAGES.candidateRequired
  if (!input.offerId) errors.offerId = PRESCRIPTION_MESSAGES.offerRequired
  const schema = v.manual ? manualPrescriptionSchema(() => today) : prescriptionFormSchema(() => today)
  const parsed = schema.safeParse(input.prescription)
  if (!parsed.success) Object.assign(errors, fieldErrorsOf(parsed.error))
  if (v.manual) return errors
  for (const field of modelFields) {
    const answer = parseCustomField(field, v.modelAnswers[field.key])
    if ('error' in answer) errors[`modelAnswers.${field.key}`] = answer.error
  }
  return errors
}

export const prescribedMessage = (manual: boolean, offerName: string, waitlistRank: number | null = null) =>
  manual
    ? 'Prescription manuelle enregistrée.'
    : waitlistRank !== null
      ? `L’offre «\u00a0${offerName}\u00a0» est complète\u00a0: la prescription est en liste d’attente, au rang ${waitlistRank}. Le partenaire la recevra dès qu’une place se libérera.`
      : `Prescription envoyée au partenaire de l’offre «\u00a0${offerName}\u00a0».`
