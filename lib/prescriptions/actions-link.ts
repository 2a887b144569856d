'use server'

import { z } from 'zod'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { defineAction } from '@/lib/frame/action'
import { failure } from '@/lib/frame/outcome'
import { lineText } from '@/lib/text/safe-text'
import { requestStructureAccountFromLink } from '@/lib/partners/account-requests'
import { linkActor } from './answer-link'
import { applyOfValidLink, renewAnswerLink } from './answer-by-link'
import { fupAnswerSchema } from './fup-answer-schema'
import { renderAnsweredFup, SEND_FUP_ERRORS, sendFup } from './partner-answers-fup'

// A structure without an account answers one prescription from the signed link sent to its address
// (./answer-link.ts): signed out, the link's token is what proves it. Expired or tampered, it answers nothing.

const TOKEN = lineText().max(200)
const ANSWER = z.unknown().pipe(fupAnswerSchema)
const LINK_GONE = failure(
  'Ce lien n’est plus valable. Rechargez la page pour recevoir un nouveau lien à l’adresse de la structure.',
)

/** "Prévisualiser": the sheet as it would be sent, nothing stored. */
export const previewFupByLinkAction = defineAction({
  name: 'apply.link-preview',
  session: 'none',
  input: z.tuple([TOKEN, ANSWER]),
  run: async ({ input: [token, answer] }) => {
    const apply = await applyOfValidLink(getDb(), token, now())
    if (!apply) return LINK_GONE
    const pdf = await renderAnsweredFup(getDb(), apply, answer)
    return { ok: true as const, pdfBase64: pdf.toString('base64') }
  },
})

/** "Envoyer la réponse": as a partner's answer (the referent told in the same transaction), audited as the link's. */
export const sendFupByLinkAction = defineAction({
  name: 'apply.link-send',
  session: 'none',
  input: z.tuple([TOKEN, ANSWER]),
  run: async ({ input: [token, answer] }) => {
    const apply = await applyOfValidLink(getDb(), token, now())
    if (!apply) return LINK_GONE
    const result = await sendFup(getDb(), {
      structureId: apply.structureId,
      applyId: apply.id,
      answer,
      actorId: null,
      by: 'link',
    })
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

/** "Recevoir un nouveau lien": to the structure's contact address only; the answer says where, masked. */
export const renewAnswerLinkAction = defineAction({
  name: 'apply.link-renew',
  session: 'none',
  input: z.tuple([TOKEN]),
  run: async ({ input: [token] }) => renewAnswerLink(getDb(), token, now()),
})

/**
 * "Demander un compte pour la structure": decided by those who run the structure, as any request for an account
 * (lib/partners/account-requests.ts); asked in the name of the organisation whose prescription the link answers.
 */
export const requestAccountByLinkAction = defineAction({
  name: 'apply.link-account-request',
  session: 'none',
  input: z.tuple([TOKEN, z.unknown()]),
  run: async ({ input: [token, values] }) => {
    const apply = await applyOfValidLink(getDb(), token, now())
    if (!apply) return LINK_GONE
    return requestStructureAccountFromLink(
      getDb(),
      {
        structureId: apply.structureId,
        organisationId: apply.organisationId,
        requestedBy: linkActor(apply.structureId),
      },
      values,
    )
  },
})
