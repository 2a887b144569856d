import { and, eq, sql, type SQL } from 'drizzle-orm'
import { now as clockNow } from '@/lib/clock'
import type { Db } from '@/lib/db/client'
import { candidates, organisations, smsMessages } from '@/lib/db/schema'
import { claimAttempt, expiredAttempt, failAttempt, markCalling, releaseAttempt } from '@/lib/delivery/attempt'
import { LEASES, type Lease } from '@/lib/delivery/bounds'
import { move } from '@/lib/delivery/transitions'
import { enqueue } from '@/lib/queue/enqueue'
import type { JobPolicy } from '@/lib/queue/job'
import { reserveSlot, SLOT_MAX_WAIT_MS } from '@/lib/queue/rate-limit'
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
 * - it waits behind an earlier message of its candidate not yet handed over (a candidate's messages keep their order);
 * - a rate slot is reserved in PostgreSQL, however far: beyond 1 s it is kept on the message and the job scheduled at
 *   it (one more job per message, never a handler sleeping, never a job asking again and again);
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
      slotInMs: sql<
        number | null
      >`(extract(epoch from (${smsMessages.slotAt} - clock_timestamp())) * 1000)::float8`.mapWith(Number),
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
  /** It waits: its job comes back at `startAfter`, with the policy it was sent with, and `set` is kept on it. */
  const hold = (startAfter: Date, set?: { scheduledFor: Date } | { slotAt: SQL }) =>
    db.transaction(async (tx) => {
      if (set) await move(tx, 'sms_messages', 'hold', { to: 'queued', set, where: eq(smsMessages.id, row.id) })
      const job = { queue: 'send-sms', data: { messageId: row.id }, startAfter, policy: options.jobPolicy } as const
      await enqueue(tx, job, { now: at })
      return 'rescheduled' as const
    })
  const inMs = (ms: number) => new Date(at.getTime() + ms)

  const hours = { startMinute: row.startMinute, endMinute: row.endMinute, days: row.days }
  if (!isWithinSendingHours(at, hours) || row.scheduledFor.getTime() > at.getTime() + 5_000) {
    const next = nextSendingTime(row.scheduledFor > at ? row.scheduledFor : at, hours)
    return hold(next, { scheduledFor: next })
  }
  const behind = await earlierOnItsWay(db, row.id)
  if (behind !== null) return hold(inMs(behind))
  let waitMs = 0
  const rate = options.ratePerSecond ?? configuredSmsRate()
  // A job early for the slot its message holds (a spare one, from the orphan net): it comes back at the slot.
  if (rate > 0 && row.slotInMs !== null && row.slotInMs > SLOT_MAX_WAIT_MS) return hold(inMs(row.slotInMs))
  // Its slot, however late the job (a busy worker): taking a new one would send it to the back of the backlog.
  if (rate > 0 && row.slotInMs !== null) waitMs = Math.max(0, row.slotInMs)
  else if (rate > 0) {
    const slot = (await reserveSlot(db, 'sms', rate))!
    // The slot is kept on the message and the job scheduled at it: one more job per message, whatever the backlog.
    if (slot.waitMs > SLOT_MAX_WAIT_MS) return hold(inMs(slot.waitMs), { slotAt: sql`${slot.at}::timestamptz` })
    waitMs = slot.waitMs
  }
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))

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

/** How soon a message waiting behind an earlier one of its candidate looks again, when that one holds no later slot. */
const BEHIND_RETRY_MS = 5_000

/**
 * A candidate's messages leave in the order they were queued (a "Convocation" never after the "Annulation" queued after
 * it): while an earlier one, due no later than this one, is still queued or not yet handed to the provider, this one
 * waits. Returns how
 * long (until the earlier one's slot, or a few seconds), or null when nothing is ahead.
 */
async function earlierOnItsWay(db: Db, id: string): Promise<number | null> {
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    select greatest(${BEHIND_RETRY_MS}, coalesce(extract(epoch from (e.slot_at - clock_timestamp())) * 1000 + 1000, 0))::float8 as wait_ms
    from sms_messages self join sms_messages e on e.candidate_id = self.candidate_id and e.organisation_id = self.organisation_id
    where self.id = ${id} and e.direction = 'outbound' and e.queued_seq < self.queued_seq
      and (e.status = 'queued' or (e.status = 'sending' and e.provider_sid is null)) and e.scheduled_for <= self.scheduled_for
    order by e.queued_seq desc limit 1`)
  return rows[0] ? Number(rows[0].wait_ms) : null
}

/** A message that never left, failed before any attempt (the candidate opted out). */
async function failQueued(db: Db, id: string, organisationId: string, code: string, at: Date) {
  await move(db, 'sms_messages', 'refuse', {
    to: 'failed',
    set: { errorCode: code, statusAt: at },
    where: and(eq(smsMessages.id, id), eq(smsMessages.organisationId, organisationId)),
  })
}
