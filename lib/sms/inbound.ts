import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { notifications, smsMessages } from '@/lib/db/schema'
import { answerInvitationReply } from '@/lib/invitations/replies'
import { toSmsNumber } from './mobile-number'
import { optIn, optOut } from './opt-out'

/** The words that stop (and restart) SMS, as French operators and Twilio recognise them. */
const STOP_WORDS = new Set(['STOP', 'ARRET', 'STOP SMS', 'DESABONNEMENT', 'STOPSMS', 'UNSUBSCRIBE'])
const START_WORDS = new Set(['START', 'UNSTOP'])

/** A reply as a keyword: trimmed, upper-case, without accents or punctuation ("Arrêt !" → "ARRET"). */
export function keywordOf(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
}

/** What a reply keeps: 600 UTF-16 units, enough for any reply and within the thread index's row size. */
export const INBOUND_MAX_LENGTH = 600

export type Inbound = { from: string; to: string; body: string; sid: string; at: Date }
export type InboundOutcome = 'attached' | 'answered' | 'optedOut' | 'optedIn' | 'duplicate' | 'unknownSender'

/**
 * A reply (signature already checked): attached to the candidate of the last message sent to that number, so that
 * the organisation that wrote is the one that reads; its writer gets an in-app notice. STOP words opt the candidate
 * out, START opts them back in (each audited), before anything else is read. OUI or NON to one of that organisation's
 * invitations books, confirms or cancels (lib/invitations/replies.ts), in the same transaction as the reply is stored.
 * A repeated delivery of the same reply (same provider id) changes nothing.
 */
export async function receiveInbound(db: Db, inbound: Inbound): Promise<InboundOutcome> {
  const from = toSmsNumber(inbound.from) ?? inbound.from.trim()
  const [last] = await db
    .select({
      organisationId: smsMessages.organisationId,
      candidateId: smsMessages.candidateId,
      authorId: smsMessages.authorId,
    })
    .from(smsMessages)
    .where(and(eq(smsMessages.toNumber, from), eq(smsMessages.direction, 'outbound')))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1)
  if (!last) return 'unknownSender'
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(smsMessages)
      .values({
        organisationId: last.organisationId,
        candidateId: last.candidateId,
        direction: 'inbound',
        kind: 'reply',
        body: inbound.body.slice(0, INBOUND_MAX_LENGTH),
        toNumber: inbound.to.slice(0, 30),
        fromNumber: from,
        status: 'received',
        providerSid: inbound.sid,
        scheduledFor: inbound.at,
        statusAt: inbound.at,
        sentAt: inbound.at,
        createdAt: inbound.at,
      })
      .onConflictDoNothing()
      .returning({ id: smsMessages.id })
    if (!reply) return 'duplicate'
    if (last.authorId) {
      await tx.insert(notifications).values({
        userId: last.authorId,
        kind: 'smsReply',
        payload: { candidateId: last.candidateId, messageId: reply.id },
        createdAt: inbound.at,
      })
    }
    const keyword = keywordOf(inbound.body)
    if (STOP_WORDS.has(keyword)) {
      await optOut(tx, {
        organisationId: last.organisationId,
        candidateId: last.candidateId,
        at: inbound.at,
        source: 'reply',
      })
      return 'optedOut'
    }
    if (START_WORDS.has(keyword)) {
      await optIn(tx, { organisationId: last.organisationId, candidateId: last.candidateId })
      return 'optedIn'
    }
    const understood = await answerInvitationReply(tx, {
      organisationId: last.organisationId,
      candidateId: last.candidateId,
      keyword,
      at: inbound.at,
    })
    return understood ? 'answered' : 'attached'
  })
}
