import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { candidates, outboundMails, smsMessages } from '@/lib/db/schema'
import { enqueue } from '@/lib/jobs/enqueue'
import { QUEUES } from '@/lib/jobs/queues'
import { writeAudit } from '@/lib/audit'

/** How far back the administrators' list of failed sends looks. */
export const FAILED_SENDS_DAYS = 30

/**
 * /v2/settings, "Envois en échec": the organisation's mails and SMS that the queue gave up on (after its retries, or
 * refused for good), newest first, 50 of each.
 */
export async function failedSends(db: DbOrTx, organisationId: string, now: Date) {
  const since = new Date(now.getTime() - FAILED_SENDS_DAYS * 86_400_000)
  const [mails, sms] = await Promise.all([
    db
      .select({ id: outboundMails.id, kind: outboundMails.kind, to: outboundMails.toAddress, subject: outboundMails.subject, errorCode: outboundMails.errorCode, at: outboundMails.statusAt, attempts: outboundMails.attempts })
      .from(outboundMails)
      .where(and(eq(outboundMails.organisationId, organisationId), eq(outboundMails.status, 'failed'), gte(outboundMails.statusAt, since)))
      .orderBy(desc(outboundMails.statusAt))
      .limit(50),
    db
      .select({ id: smsMessages.id, candidateId: smsMessages.candidateId, firstName: candidates.firstName, lastName: candidates.lastName, errorCode: smsMessages.errorCode, at: smsMessages.statusAt })
      .from(smsMessages)
      .innerJoin(candidates, eq(candidates.id, smsMessages.candidateId))
      .where(and(eq(smsMessages.organisationId, organisationId), eq(smsMessages.status, 'failed'), gte(smsMessages.statusAt, since)))
      .orderBy(desc(smsMessages.statusAt))
      .limit(50),
  ])
  return { mails, sms }
}

/** "Renvoyer": a failed mail of the organisation back in the queue, with a new job, in one transaction (audited). */
export async function resendFailedMail(db: Db, params: { organisationId: string; mailId: string; actorId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outboundMails)
      .set({ status: 'queued', attempts: 0, errorCode: null, statusAt: params.now })
      .where(and(eq(outboundMails.id, params.mailId), eq(outboundMails.organisationId, params.organisationId), eq(outboundMails.status, 'failed'), isNotNull(outboundMails.sealedText)))
      .returning({ id: outboundMails.id })
    if (!row) return false
    await enqueue(tx, { queue: QUEUES.sendMail.name, data: { mailId: row.id } })
    await writeAudit(tx, { actorId: params.actorId, organisationId: params.organisationId, action: 'mail.resent', entityType: 'mail', entityId: row.id })
    return true
  })
}
