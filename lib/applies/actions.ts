'use server'

import { partnerWith } from '@/lib/auth/guards'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { activeCauses } from './causes'
import { fieldErrorsOf, fupAnswerSchema, withMandatoryLogos } from './fup-schema'
import { readApplyForDialog } from '@/lib/journal/apply-reads'
import { getApplyForStructure } from './get-apply'
import { renderAnsweredFup, SEND_FUP_ERRORS, sendFup } from './send-fup'

type Failure = { ok: false; error?: string; fieldErrors?: Record<string, string> }
const NOT_FOUND: Failure = { ok: false, error: SEND_FUP_ERRORS.notFound }

/** Spec §7 "Fetch one social apply by id": what the completion dialog shows. */
export async function loadApplyForDialog(applyId: string) {
  const user = await partnerWith('partner.fup.complete')
  if (!user || !isUuid(applyId)) return NOT_FOUND
  // The shown apply is journaled (who read the person's sheet) before it leaves.
  const apply = await readApplyForDialog(getDb(), user, applyId)
  if (!apply || apply.archived) return NOT_FOUND
  if (!apply.fup) return { ok: false, error: SEND_FUP_ERRORS.noFup } as Failure
  return {
    ok: true as const,
    apply: {
      id: apply.id,
      state: apply.state,
      candidateName: `${apply.firstName} ${apply.lastName}`,
      offerName: apply.offerName,
      providerName: apply.providerName,
      // Never the NIR to a partner's browser, whatever an older FUP holds.
      beneficiary: { ...apply.fup.beneficiary, socialSecurityNumber: null },
      prescription: apply.fup.prescription,
      // The prescribing organisation's causes (issue 15 §3).
      causes: await activeCauses(getDb(), apply.organisationId),
      partnerFeedback: apply.fup.partnerFeedback,
      sponsorsLogo: withMandatoryLogos(apply.fup.sponsorsLogo, apply.financingModes),
      fseRequired: apply.financingModes.includes('fse'),
    },
  }
}
export type DialogApply = Extract<Awaited<ReturnType<typeof loadApplyForDialog>>, { ok: true }>['apply']

/** Spec §7 "Preview FUP PDF": the sheet as it would be sent, nothing stored. */
export async function previewFupAction(
  applyId: string,
  input: unknown,
): Promise<{ ok: true; pdfBase64: string } | Failure> {
  const user = await partnerWith('partner.fup.complete')
  if (!user || !isUuid(applyId)) return NOT_FOUND
  const parsed = fupAnswerSchema.safeParse(input)
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) }
  const apply = await getApplyForStructure(getDb(), user.structureId, applyId)
  if (!apply || apply.archived) return NOT_FOUND
  if (!apply.fup) return { ok: false, error: SEND_FUP_ERRORS.noFup }
  const pdf = await renderAnsweredFup(getDb(), apply, parsed.data)
  return { ok: true, pdfBase64: pdf.toString('base64') }
}

/** Spec §7 "Send FUP to the operator"; the prescribing referent is told in the app and by mail (queued with the answer). */
export async function sendFupAction(
  applyId: string,
  input: unknown,
): Promise<{ ok: true; state: 'INTEGRATED_CANDIDATE' | 'REFUSED_STRUCTURE'; documentId: string } | Failure> {
  const user = await partnerWith('partner.fup.complete')
  if (!user || !isUuid(applyId)) return NOT_FOUND
  const parsed = fupAnswerSchema.safeParse(input)
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) }
  const result = await sendFup(getDb(), {
    structureId: user.structureId,
    applyId,
    answer: parsed.data,
    actorId: user.id,
  })
  if (!result.ok && result.error === 'causeUnknown')
    return { ok: false, fieldErrors: { 'partnerFeedback.decision.cause': SEND_FUP_ERRORS.causeUnknown } }
  if (!result.ok) return { ok: false, error: SEND_FUP_ERRORS[result.error] }
  return { ok: true, state: result.state, documentId: result.documentId }
}
