import { and, eq } from 'drizzle-orm'
import { now } from '@/lib/clock'
import { unseal } from '@/lib/crypto/sealed'
import type { DbOrTx } from '@/lib/db/client'
import { outboundMails } from '@/lib/db/schema'
import {
  claimAttempt,
  expiredAttempt,
  failAttempt,
  markCalling,
  releaseAttempt,
  settleExpired,
} from '@/lib/delivery/attempt'
import { LEASES, type Lease } from '@/lib/delivery/bounds'
import { move } from '@/lib/delivery/transitions'
import { deliverMail, PermanentMailError, RefusedForNowMailError } from './mailer'

/** An attempt's hold on a mail (lib/delivery/bounds.ts): more than the longest SMTP exchange, less than the queue's expiry. */
export const MAIL_LEASE: Lease = LEASES.outbound_mails

/** Another attempt holds the mail right now (the request's immediate try, say): the job tries again later. */
export class MailBusyError extends Error {
  constructor() {
    super('Mail claimed by another attempt')
    this.name = 'MailBusyError'
  }
}

export type MailOutcome = 'sent' | 'already' | 'failed' | 'missing' | 'unknown' | 'requeued' | 'superseded' | 'busy'

/**
 * Sends one queued mail, at most once per attempt and never twice on its own (lib/delivery/attempt.ts): the claim
 * (attempt + lease), the 'calling' marker (committed, lease re-checked), the one SMTP exchange, then `sent` with the
 * text erased — each write naming the attempt. A refusal for now (4xx, no server listening) puts it back to `queued`
 * and throws (the job retries with back-off); a permanent refusal, or the last attempt, leaves it `failed`. An exchange
 * cut without an answer leaves it `sending`: once its lease has passed, SMTP having no way to ask, it is `unknown`,
 * shown to administrators with "Renvoyer".
 */
export async function sendQueuedMail(
  db: DbOrTx,
  mailId: string,
  options: { lastAttempt?: boolean } = {},
): Promise<MailOutcome> {
  const [row] = await db.select().from(outboundMails).where(eq(outboundMails.id, mailId))
  if (!row) return 'missing'
  if (row.status === 'sending') {
    const expired = await expiredAttempt(db, 'outbound_mails', row.id)
    if (expired) {
      const outcome = await settleExpired(db, 'outbound_mails', expired, now())
      return outcome === 'moved' ? 'superseded' : outcome
    }
    if (options.lastAttempt) return 'busy'
    throw new MailBusyError()
  }
  if (row.status !== 'queued') return 'already'
  const attemptId = await claimAttempt(db, 'outbound_mails', row.id, row.organisationId, MAIL_LEASE, now())
  if (!attemptId) return sendQueuedMail(db, mailId, options)
  if (!(await markCalling(db, 'outbound_mails', row.id, attemptId, MAIL_LEASE))) return 'superseded'
  try {
    if (!row.sealedText) throw new PermanentMailError('noText')
    await deliverMail(
      { to: row.toAddress, subject: row.subject, text: unseal(row.sealedText) },
      row.id,
      row.createdAt,
      attemptId,
    )
  } catch (error) {
    if (error instanceof PermanentMailError || (error instanceof RefusedForNowMailError && options.lastAttempt)) {
      return (await failAttempt(db, 'outbound_mails', row.id, attemptId, error.code, now())) ? 'failed' : 'superseded'
    }
    if (error instanceof RefusedForNowMailError)
      await releaseAttempt(db, 'outbound_mails', row.id, attemptId, error.code, now())
    throw error
  }
  const sent = await move(db, 'outbound_mails', 'handed', {
    to: 'sent',
    set: { sealedText: null, errorCode: null, leaseUntil: null, statusAt: now() },
    where: and(eq(outboundMails.id, row.id), eq(outboundMails.attemptId, attemptId)),
  })
  return sent.length === 1 ? 'sent' : 'superseded'
}
