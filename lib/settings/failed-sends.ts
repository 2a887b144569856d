import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, outboundMails, smsMessages } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { DAY_MS } from '@/lib/dates'
import { resend } from '@/lib/delivery/resend'

/** How far back the administrators' list of failed sends looks. */
export const FAILED_SENDS_DAYS = 30

/**
 * /v2/settings, "Envois en échec": the organisation's mails and SMS that the queue gave up on (after its retries, or
 * refused for good), and those whose fate is unknown (an attempt that may have reached the provider, lib/delivery/
 * attempt.ts), which only a person may send again (lib/delivery/resend.ts); newest first, 50 of each.
 */
export async function failedSends(db: DbOrTx, organisationId: string, now: Date) {
  const since = new Date(now.getTime() - FAILED_SENDS_DAYS * DAY_MS)
  const [mails, sms] = await Promise.all([
    db
      .select({
        id: outboundMails.id,
        kind: outboundMails.kind,
        to: outboundMails.toAddress,
        subject: outboundMails.subject,
        status: outboundMails.status,
        errorCode: outboundMails.errorCode,
        at: outboundMails.statusAt,
        attempts: outboundMails.attempts,
      })
      .from(outboundMails)
      .where(
        and(
          eq(outboundMails.organisationId, organisationId),
          inArray(outboundMails.status, ['failed', 'unknown']),
          gte(outboundMails.statusAt, since),
        ),
      )
      .orderBy(desc(outboundMails.statusAt))
      .limit(50),
    db
      .select({
        id: smsMessages.id,
        candidateId: smsMessages.candidateId,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        status: smsMessages.status,
        errorCode: smsMessages.errorCode,
        at: smsMessages.statusAt,
      })
      .from(smsMessages)
      .innerJoin(candidates, eq(candidates.id, smsMessages.candidateId))
      .where(
        and(
          eq(smsMessages.organisationId, organisationId),
          eq(smsMessages.direction, 'outbound'),
          inArray(smsMessages.status, ['failed', 'unknown']),
          gte(smsMessages.statusAt, since),
        ),
      )
      .orderBy(desc(smsMessages.statusAt))
      .limit(50),
  ])
  return { mails, sms }
}

/** "Renvoyer": a failed mail, or one whose fate is unknown, back in the queue with a new job, in one transaction (audited). */
export async function resendFailedMail(
  db: Db,
  params: { organisationId: string; mailId: string; actorId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { organisationId, mailId, now } = params
    if (!(await resend(tx, 'outbound_mails', { id: mailId, organisationId, now }))) return false
    await writeAudit(tx, {
      actorId: params.actorId,
      organisationId,
      action: 'mail.resent',
      entityType: 'mail',
      entityId: mailId,
    })
    return true
  })
}

/**
 * "Renvoyer" an SMS that failed, or whose fate is unknown, after a person checked (the candidate may have it already):
 * back in the queue with a new job, in one transaction (audited). Not to a candidate who opted out since: its job
 * finds the opt-out and sends nothing.
 */
export async function resendSms(
  db: Db,
  params: { organisationId: string; messageId: string; actorId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { organisationId, messageId, now } = params
    if (!(await resend(tx, 'sms_messages', { id: messageId, organisationId, now }))) return false
    await writeAudit(tx, {
      actorId: params.actorId,
      organisationId,
      action: 'sms.resent',
      entityType: 'sms',
      entityId: messageId,
    })
    return true
  })
}
