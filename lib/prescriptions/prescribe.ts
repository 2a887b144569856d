import { now as clockNow } from '@/lib/clock'
import type { Db } from '@/lib/db/client'
import { fieldErrorsOf } from '@/lib/applies/fup-schema'
import { parisToday } from '@/lib/dates'
import { isUuid } from '@/lib/ids'
import { createPrescription, PRESCRIPTION_ERRORS } from './create-prescription'
import {
  manualPrescriptionSchema,
  PRESCRIPTION_MESSAGES,
  prescriptionFormSchema,
  type PrescriptionForm,
} from './prescription-schema'

export type PrescribeInput = {
  candidateId?: unknown
  offerId?: unknown
  manual?: unknown
  prescription?: unknown
  /** The FUP model's additional fields, by key. */ modelAnswers?: unknown
}
export type PrescribeResult =
  | { ok: true; applyId: string; offerName: string; mailed: number }
  | { ok: false; error?: string; fieldErrors?: Record<string, string> }

/**
 * A prescription as a request brings it (untrusted): validated with French messages, then created in one transaction
 * (createPrescription) with, for a prescription sheet, the mails to the partner structure's users queued.
 */
export async function prescribe(
  db: Db,
  params: { organisationId: string; authorId: string; input: PrescribeInput; now?: Date },
): Promise<PrescribeResult> {
  const { input } = params
  const now = params.now ?? clockNow()
  const fieldErrors: Record<string, string> = {}
  const candidateId = typeof input?.candidateId === 'string' && isUuid(input.candidateId) ? input.candidateId : null
  const offerId = typeof input?.offerId === 'string' && isUuid(input.offerId) ? input.offerId : null
  if (!candidateId) fieldErrors.candidateId = PRESCRIPTION_MESSAGES.candidateRequired
  if (!offerId) fieldErrors.offerId = PRESCRIPTION_MESSAGES.offerRequired
  const manual = input?.manual === true
  const today = () => parisToday(now)
  let prescription: PrescriptionForm | null = null
  let manualDate: string | undefined
  if (manual) {
    const parsed = manualPrescriptionSchema(today).safeParse(input?.prescription)
    if (parsed.success) manualDate = parsed.data.prescriptionDate
    else Object.assign(fieldErrors, fieldErrorsOf(parsed.error))
  } else {
    const parsed = prescriptionFormSchema(today).safeParse(input?.prescription)
    if (parsed.success) prescription = parsed.data
    else Object.assign(fieldErrors, fieldErrorsOf(parsed.error))
  }
  if (Object.keys(fieldErrors).length > 0 || !candidateId || !offerId) return { ok: false, fieldErrors }

  const modelAnswers =
    input?.modelAnswers && typeof input.modelAnswers === 'object' && !Array.isArray(input.modelAnswers)
      ? (input.modelAnswers as Record<string, unknown>)
      : {}
  const result = await createPrescription(db, {
    organisationId: params.organisationId,
    candidateId,
    offerId,
    authorId: params.authorId,
    prescription,
    manualDate,
    modelAnswers,
    now,
  })
  if (!result.ok)
    return 'fieldErrors' in result
      ? { ok: false, error: 'Corrigez les champs signalés.', fieldErrors: result.fieldErrors }
      : { ok: false, error: PRESCRIPTION_ERRORS[result.error] }
  return { ok: true, applyId: result.applyId, offerName: result.offerName, mailed: result.mailed }
}
