import { and, eq } from 'drizzle-orm'
import { now as clockNow } from '@/lib/clock'
import type { Db } from '@/lib/db/client'
import { candidates, organisations, smsMessages } from '@/lib/db/schema'
import { claimAttempt, expiredAttempt, failAttempt, markCalling, releaseAttempt } from '@/lib/delivery/attempt'
import { LEASES, type Lease } from '@/lib/delivery/bounds'
import { enqueue, type JobPolicy } from '@/lib/jobs/enqueue'
import { QUEUES } from '@/lib/jobs/queues'
import { reserveSlot } from '@/lib/jobs/rate-limit'
import { optOut } from './opt-out'
import { reconcileSms, recordHanded } from './reconcile'
import { smsTextToSend } from './sealed-body'
import { isWithinSendingHours, nextSendingTime } from './sending-hours'
import { smsEncoded } from './smart-encoding'
import { PermanentSmsError, RefusedForNowSmsError, smsTransport, type SmsTransport } from './transport'

export type SendOutcome =
  | 'sent'
  | 'reconciled'
  | 'unknown'
  | 'requeued'
  | 'already'
  | 'failed'
  | 'rescheduled'
  | 'missing'
  | 'superseded'
  | 'busy'

/** `jobPolicy`: the running job's, kept by the job that replaces it when no rate slot is free soon. */
type Options = {
  lastAttempt?: boolean
  transport?: SmsTransport
  now?: () => Date
  ratePerSecond?: number
  jobPolicy?: JobPolicy
}

/** An attempt's hold on an SMS (lib/delivery/bounds.ts): more than the longest Twilio call, less than the queue's expiry. */
export const SMS_LEASE: Lease = LEASES.sms_messages

/** The messages-per-second limit of the provider (SMS_RATE_PER_SECOND); 0 or unset: none. */
export const configuredSmsRate = () => Number(process.env.SMS_RATE_PER_SECOND ?? 0) || 0

/** Another attempt holds the message, within its lease: the job tries again later (by then it is settled or reconcilable). */
export class SmsBusyError extends Error {
  constructor() {
    super('SMS held by another attempt')
    this.name = 'SmsBusyError'
  }
}

/**
 * The send-sms job: hands one queued SMS to the provider, at most once per attempt and never twice on its own
 * (lib/delivery/attempt.ts). In order:
 * - a message found `sending` past its lease is reconciled first (lib/sms/reconcile.ts); within its lease, it is busy;
 * - an opted-out candidate gets nothing; outside the organisation's sending hours the message moves to the next window;
 * - a rate slot is reserved in PostgreSQL; when none is free within 1 s the job is rescheduled, never left sleeping;
 * - the claim (attempt + lease), then the 'calling' marker (committed, lease re-checked), then the one call;
 * - every write after the call names the attempt. A permanent refusal fails the message (21610 also opts the candidate
 *   out); a refusal for now puts it back to `queued` and throws, so the queue retries with back-off (the last attempt
 *   fails it); no answer at all leaves it `sending` with its marker: the reconcile decides once the lease has passed.
 */
export async function sendQueuedSms(db: Db, messageId: string, options: Options = {}): Promise<SendOutcome> {
  const now = options.now ?? clockNow
  const transport = options.transport ?? smsTransport()
  const [row] = await db
    .select({
      id: smsMessages.id,
      organisationId: smsMessages.organisationId,
      candidateId: smsMessages.candidateId,
      status: smsMessages.status,
      body: smsMessages.body,
      sealedBody: smsMessages.sealedBody,
      to: smsMessages.toNumber,
      scheduledFor: smsMessages.scheduledFor,
      optedOutAt: candidates.smsOptedOutAt,
      startMinute: organisations.smsWindowStartMinute,
      endMinute: organisations.smsWindowEndMinute,
      days: organisations.smsWindowDays,
    })
    .from(smsMessages)
    .innerJoin(
      candidates,
      and(eq(candidates.id, smsMessages.candidateId), eq(candidates.organisationId, smsMessages.organisationId)),
    )
    .innerJoin(organisations, eq(organisations.id, smsMessages.organisationId))
    .where(and(eq(smsMessages.id, messageId), eq(smsMessages.direction, 'outbound')))
  if (!row) return 'missing'
  if (row.status === 'sending') {
    const expired = await expiredAttempt(db, 'sms_messages', row.id)
    if (!expired) {
      if (options.lastAttempt) return 'busy'
      throw new SmsBusyError()
    }
    const outcome = await reconcileSms(db, expired, transport, now())
    return outcome === 'moved' ? 'superseded' : outcome
  }
  if (row.status !== 'queued') return 'already'

  if (row.optedOutAt) {
    await failQueued(db, row.id, row.organisationId, 'optedOut', now())
    return 'failed'
  }
  const at = now()
  const hours = { startMinute: row.startMinute, endMinute: row.endMinute, days: row.days }
  if (!isWithinSendingHours(at, hours) || row.scheduledFor.getTime() > at.getTime() + 5_000) {
    const next = nextSendingTime(row.scheduledFor > at ? row.scheduledFor : at, hours)
    await db.transaction(async (tx) => {
      await tx
        .update(smsMessages)
        .set({ scheduledFor: next })
        .where(
          and(
            eq(smsMessages.id, row.id),
            eq(smsMessages.organisationId, row.organisationId),
            eq(smsMessages.status, 'queued'),
          ),
        )
      await enqueue(tx, { queue: QUEUES.sendSms.name, data: { messageId: row.id }, startAfter: next }, { now: at })
    })
    return 'rescheduled'
  }

  const slot = await reserveSlot(db, 'sms', options.ratePerSecond ?? configuredSmsRate())
  if (!slot.ok) {
    // Spread over a second past the moment slots free up, so that the rescheduled jobs do not all come back at once.
    const startAfter = new Date(at.getTime() + slot.freeInMs + Math.random() * 1000)
    await enqueue(
      db,
      { queue: QUEUES.sendSms.name, data: { messageId: row.id }, startAfter, policy: options.jobPolicy },
      { now: at },
    )
    return 'rescheduled'
  }
  if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs))

  const attemptId = await claimAttempt(db, 'sms_messages', row.id, row.organisationId, SMS_LEASE, now())
  if (!attemptId) return 'already'
  if (!(await markCalling(db, 'sms_messages', row.id, attemptId, SMS_LEASE))) return 'superseded'
  try {
    const handed = await transport.send({ id: row.id, attemptId, to: row.to, body: smsEncoded(smsTextToSend(row)) })
    return (await recordHanded(db, row.id, attemptId, handed, now())) ? 'sent' : 'superseded'
  } catch (error) {
    if (error instanceof PermanentSmsError) {
      return db.transaction(async (tx) => {
        if (!(await failAttempt(tx, 'sms_messages', row.id, attemptId, error.code, now()))) return 'superseded'
        if (error.code === '21610')
          await optOut(tx, {
            organisationId: row.organisationId,
            candidateId: row.candidateId,
            at: now(),
            source: 'provider',
          })
        return 'failed'
      })
    }
    if (error instanceof RefusedForNowSmsError) {
      if (options.lastAttempt)
        return (await failAttempt(db, 'sms_messages', row.id, attemptId, error.code, now())) ? 'failed' : 'superseded'
      await releaseAttempt(db, 'sms_messages', row.id, attemptId, error.code, now())
    }
    // No answer: the marker stays, the lease runs out, and the next attempt (or the sweep) reconciles.
    throw error
  }
}

/** A message that never left, failed before any attempt (the candidate opted out). */
async function failQueued(db: Db, id: string, organisationId: string, code: string, at: Date) {
  await db
    .update(smsMessages)
    .set({ status: 'failed', errorCode: code, statusAt: at })
    .where(
      and(eq(smsMessages.id, id), eq(smsMessages.organisationId, organisationId), eq(smsMessages.status, 'queued')),
    )
}
