import { and, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { invitations, organisations, workshopRegistrations, workshops } from '@/lib/db/schema'
import { formatDate, formatTimeInText } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { queueSms } from '@/lib/sms/queue-sms'
import { bookLocked, cancelLocked, stateOf } from './booking'
import { invitationLink } from './code'

/**
 * What a reply to an invitation's SMS says, read as `keywordOf` (lib/sms/inbound.ts) gives it: upper case, without
 * accents or punctuation. A single letter ("O", "N") is not read: on an old phone it slips out too easily, and a seat
 * taken or freed by mistake costs more than a reply that stays in the thread. A polite "merci" after the word is fine.
 */
const YES = new Set(['OUI', 'OK', 'OKAY', 'CONFIRME', 'CONFIRMER', 'JE CONFIRME', 'D ACCORD', 'DACCORD'])
const NO = new Set(['NON', 'ANNULER', 'ANNULE', 'ANNULATION', 'J ANNULE'])
const COURTESY = / (MERCI|MERCI BEAUCOUP|MERCI BCP|BONNE JOURNEE)$/

export type ReplyIntent = 'yes' | 'no'

/** The intent of a reply's keyword, or null for anything else (an ordinary reply). */
export function replyIntent(keyword: string): ReplyIntent | null {
  const word = keyword.replace(COURTESY, '')
  if (YES.has(word)) return 'yes'
  if (NO.has(word)) return 'no'
  return null
}

/** What was understood, as the person is told and the audit records it. */
export type ReplyUnderstood =
  'offerTaken' | 'offerGone' | 'offerRefused' | 'confirmed' | 'cancelled' | 'declined' | 'linkSent'

type Session = { startsAt: Date }
const when = (w: Session) => `du ${formatDate(w.startsAt)} à ${formatTimeInText(w.startsAt)}`
// A value of the organisation's must not read as a template variable once inside the text (queueSms fills them).
const plain = (v: string) => v.replace(/[{}]/g, '')

/**
 * The answers, short and GSM-7 once smart-encoded (lib/sms/smart-encoding.ts): no 'ê', 'ç'… They say nothing the
 * thread did not already hold: the theme, the session's day and hour, the link.
 */
export const REPLY_TEXTS = {
  offerGone: (link: string) => `Désolé, cette place n’est plus libre. Choisissez une autre date\u00a0: ${link}`,
  offerRefused: (link: string) =>
    `C’est noté, cette place ne vous est plus proposée. Vous pouvez choisir une autre date\u00a0: ${link}`,
  confirmed: (w: Session) => `Merci, c’est noté\u00a0: votre venue à l’atelier ${when(w)} est confirmée.`,
  cancelled: (w: Session, phone: string | null) =>
    `C’est noté\u00a0: votre place à l’atelier ${when(w)} est annulée. ${
      phone
        ? `Pour une autre date, appelez le ${plain(formatPhone(phone))}.`
        : 'Votre référent pourra vous proposer une autre date.'
    }`,
  declined: (theme: string) =>
    `C’est noté\u00a0: vous ne participerez pas à l’atelier «\u00a0${plain(theme)}\u00a0». Votre référent pourra vous recontacter.`,
  linkSent: (theme: string, link: string) =>
    `Pour choisir votre date d’atelier «\u00a0${plain(theme)}\u00a0», utilisez ce lien\u00a0: ${link}`,
} as const

const AUDIT_ACTIONS: Partial<Record<ReplyUnderstood, string>> = {
  offerGone: 'invitation.offerGone',
  offerRefused: 'invitation.offerRefused',
  confirmed: 'invitation.confirmed',
  linkSent: 'invitation.linkSent',
  // offerTaken, cancelled and declined are audited by bookLocked and cancelLocked.
}

type Reply = { organisationId: string; candidateId: string; keyword: string; at: Date }

/**
 * Reads a reply (already stored, in the caller's transaction) as an answer to the person's latest invitation of the
 * organisation the reply was attached to, if it is an OUI or a NON and such an invitation is there:
 * - OUI to a freed seat offered ("Répondez OUI pour la prendre"): the seat is booked if it is still free (and counts as
 *   confirmed: the person just said yes), else the person is told it is gone, with the link;
 * - OUI to a coming booked session: the registration is confirmed;
 * - OUI to a pending invitation without an offer: the link again;
 * - NON to a booked session: cancelled, its seat freed (waitlist, then offers); NON to an offered seat: the offer alone
 *   ends (the person may still pick another date); NON to a pending invitation: declined.
 * "Latest" is the invitation whose last message went most recently (sent, offered, booked, reminded): what the person
 * most likely answers. Only invitations that went by SMS are read. The invitation rows are locked first, then the
 * workshops (the order of booking.ts). The person gets a short SMS saying what was understood (a seat taken gets the
 * booking's confirmation instead). Returns what was understood, or null: the reply stays an ordinary one.
 */
export async function answerInvitationReply(tx: DbOrTx, reply: Reply): Promise<ReplyUnderstood | null> {
  const intent = replyIntent(reply.keyword)
  if (!intent) return null
  const { organisationId, candidateId, at } = reply
  const rows = await tx
    .select({
      invitation: invitations,
      registrationStatus: workshopRegistrations.status,
      workshopId: workshops.id,
      startsAt: workshops.startsAt,
      workshopStatus: workshops.status,
    })
    .from(invitations)
    .leftJoin(workshopRegistrations, eq(workshopRegistrations.id, invitations.registrationId))
    .leftJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        eq(invitations.candidateId, candidateId),
        inArray(invitations.status, ['pending', 'booked']),
        sql`'sms' = any(${invitations.channels})`,
      ),
    )
    .orderBy(invitations.id)
    .for('update', { of: invitations })
  const lastMessage = (i: typeof invitations.$inferSelect) =>
    Math.max(...[i.createdAt, i.offeredAt, i.bookedAt, i.remindedAt].map((d) => d?.getTime() ?? 0))
  const matched = rows
    .filter((r) => {
      // The name check's lock guards the link against guessing; a reply comes from the person's own phone.
      const state = stateOf({ ...r.invitation, lockedUntil: null }, at)
      if (state === 'open') return true
      return (
        state === 'booked' &&
        r.registrationStatus === 'registered' &&
        r.workshopStatus === 'scheduled' &&
        !!r.startsAt &&
        r.startsAt > at
      )
    })
    .sort((a, b) => lastMessage(b.invitation) - lastMessage(a.invitation))[0]
  if (!matched) return null
  const inv = { ...matched.invitation, lockedUntil: null }
  const link = invitationLink(unseal(inv.codeSealed))
  const booked = inv.status === 'booked' ? { id: inv.registrationId!, startsAt: matched.startsAt! } : null

  let understood: ReplyUnderstood
  let answer: string | null
  if (intent === 'yes' && booked) {
    await tx
      .update(workshopRegistrations)
      .set({ confirmedAt: sql`coalesce(${workshopRegistrations.confirmedAt}, ${at})`, updatedAt: at })
      .where(eq(workshopRegistrations.id, booked.id))
    understood = 'confirmed'
    answer = REPLY_TEXTS.confirmed(booked)
  } else if (intent === 'yes' && inv.offeredWorkshopId) {
    const outcome = await bookLocked(tx, inv, inv.offeredWorkshopId, at, 'person')
    if (outcome.ok) {
      await tx
        .update(workshopRegistrations)
        .set({ confirmedAt: at })
        .where(
          and(
            eq(workshopRegistrations.invitationId, inv.id),
            eq(workshopRegistrations.workshopId, outcome.workshopId),
            eq(workshopRegistrations.status, 'registered'),
          ),
        )
      understood = 'offerTaken'
      // bookLocked queued the booking's confirmation (date, place, link): that is the answer.
      answer = null
    } else {
      await tx.update(invitations).set({ offeredWorkshopId: null, updatedAt: at }).where(eq(invitations.id, inv.id))
      understood = 'offerGone'
      answer = REPLY_TEXTS.offerGone(link)
    }
  } else if (intent === 'yes') {
    understood = 'linkSent'
    answer = REPLY_TEXTS.linkSent(inv.theme, link)
  } else if (booked) {
    const outcome = await cancelLocked(tx, inv, at, 'sms')
    if (!outcome.ok) return null
    const [org] = await tx
      .select({ phone: organisations.contactPhone })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
    understood = 'cancelled'
    answer = REPLY_TEXTS.cancelled(booked, org?.phone?.trim() || null)
  } else if (inv.offeredWorkshopId) {
    await tx.update(invitations).set({ offeredWorkshopId: null, updatedAt: at }).where(eq(invitations.id, inv.id))
    understood = 'offerRefused'
    answer = REPLY_TEXTS.offerRefused(link)
  } else {
    const outcome = await cancelLocked(tx, inv, at, 'sms')
    if (!outcome.ok) return null
    understood = 'declined'
    answer = REPLY_TEXTS.declined(inv.theme)
  }

  const action = AUDIT_ACTIONS[understood]
  if (action)
    await writeAudit(tx, {
      actorId: null,
      organisationId,
      action,
      entityType: 'candidate',
      entityId: candidateId,
      details: {
        invitationId: inv.id,
        source: 'sms',
        ...(understood === 'offerGone' && { workshopId: matched.invitation.offeredWorkshopId }),
        ...(understood === 'confirmed' && { workshopId: matched.workshopId }),
      },
    })
  if (answer)
    await queueSms(tx, {
      organisationId,
      authorId: null,
      kind: 'invitation.reply',
      candidateIds: [candidateId],
      text: answer,
      now: at,
    })
  return understood
}
