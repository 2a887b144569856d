'use server'

import { z } from 'zod'
import { getDb } from '@/lib/db/client'
import { defineAction, id } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { readApplyForDialog } from '@/lib/journal/apply-reads'
import { fupAnswerSchema } from './fup-answer-schema'
import { dialogApplyOf, getApplyForStructure, renderAnsweredFup, SEND_FUP_ERRORS, sendFup } from './partner-answers-fup'
import { setFreePlaces, WAITLIST_MESSAGES } from './waitlist'

/** A partner structure's user answering its prescriptions; anyone else finds none. */
const partner = {
  permission: 'partner.fup.complete',
  tenant: 'structure',
  forbidden: SEND_FUP_ERRORS.notFound,
} as const
const APPLY = id(SEND_FUP_ERRORS.notFound)
const ANSWER = z.unknown().pipe(fupAnswerSchema)
const NOT_FOUND = failure(SEND_FUP_ERRORS.notFound)
const NO_FUP = failure(SEND_FUP_ERRORS.noFup)

/** Spec §7 "Fetch one social apply by id": what the completion dialog shows. */
export const loadApplyForDialog = defineAction({
  ...partner,
  name: 'apply.dialog',
  input: z.tuple([APPLY]),
  run: async ({ user, structureId, input: [applyId] }) => {
    // The shown apply is journaled (who read the person's sheet) before it leaves.
    const apply = await readApplyForDialog(getDb(), { id: user.id, structureId }, applyId)
    if (!apply || apply.archived) return NOT_FOUND
    if (!apply.fup) return NO_FUP
    return { ok: true as const, apply: await dialogApplyOf(getDb(), apply) }
  },
})
export type { DialogApply } from './partner-answers-fup'

/** Spec §7 "Preview FUP PDF": the sheet as it would be sent, nothing stored. */
export const previewFupAction = defineAction({
  ...partner,
  name: 'apply.fup-preview',
  input: z.tuple([APPLY, ANSWER]),
  run: async ({ structureId, input: [applyId, answer] }) => {
    const apply = await getApplyForStructure(getDb(), structureId, applyId)
    if (!apply || apply.archived) return NOT_FOUND
    if (!apply.fup) return NO_FUP
    const pdf = await renderAnsweredFup(getDb(), apply, answer)
    return { ok: true as const, pdfBase64: pdf.toString('base64') }
  },
})

/** Spec §7 "Send FUP to the operator"; the prescribing referent is told in the app and by mail (queued with the answer). */
export const sendFupAction = defineAction({
  ...partner,
  name: 'apply.fup-send',
  input: z.tuple([APPLY, ANSWER]),
  run: async ({ user, structureId, input: [applyId, answer] }) => {
    const result = await sendFup(getDb(), { structureId, applyId, answer, actorId: user.id })
    if (!result.ok && result.error === 'causeUnknown')
      return { ok: false as const, fieldErrors: { 'partnerFeedback.decision.cause': SEND_FUP_ERRORS.causeUnknown } }
    // Answered meanwhile (a colleague) or expired: `closed`, so that the dialog shows what the prescription holds now.
    if (!result.ok)
      return {
        ...failure(SEND_FUP_ERRORS[result.error]),
        closed: result.error === 'alreadyAnswered' || result.error === 'expired',
      }
    return { ok: true as const, state: result.state, documentId: result.documentId }
  },
})

/**
 * « Places et liste d’attente » on the partner's offer page: the free places it publishes (a number, or none), or one
 * more place freed; the first in line take the free ones (./waitlist.ts).
 */
export const setPlacesAction = defineAction({
  ...partner,
  forbidden: WAITLIST_MESSAGES.offerNotFound,
  name: 'offer.places',
  failed: 'Les places n’ont pas pu être enregistrées. Réessayez dans un instant.',
  input: z.tuple([id(WAITLIST_MESSAGES.offerNotFound), z.unknown()]),
  run: ({ user, structureId, input: [offerId, places] }) =>
    setFreePlaces(getDb(), { structureId, offerId, places, actorId: user.id }),
})
