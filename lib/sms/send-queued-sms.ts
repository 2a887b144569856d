import { and, eq, inArray, sql } from 'drizzle-orm'
import { now as clockNow } from '@/lib/clock'
import type { Db } from '@/lib/db/client'
import { candidates, organisations, smsMessages } from '@/lib/db/schema'
import { enqueue } from '@/lib/jobs/enqueue'
import { QUEUES } from '@/lib/jobs/queues'
import { waitForSlot } from '@/lib/jobs/rate-limit'
import { optOut } from './opt-out'
import { isWithinSendingHours, nextSendingTime } from './sending-hours'
import { statusesBefore, type SmsStatus } from './status'
import { PermanentSmsError, smsTransport, type Handed, type SmsTransport } from './transport'

export type SendOutcome = 'sent' | 'reconciled' | 'already' | 'failed' | 'rescheduled' | 'missing'

type Options = { lastAttempt?: boolean; transport?: SmsTransport; now?: () => Date; ratePerSecond?: number }

/** The messages-per-second limit of the provider (SMS_RATE_PER_SECOND); 0 or unset: none. */
export const configuredSmsRate = () => Number(process.env.SMS_RATE_PER_SECOND ?? 0) || 0

/**
 * The send-sms job: hands one queued SMS to the provider, once.
 * - A message found `sending` was claimed by an attempt that did not finish (a worker killed after the provider took it,
 *   or a time-out): the provider is asked first whether it has it (reconcile), and only then is it sent.
 * - Outside the organisation's sending hours it is moved to the next window (a retry can land at night).
 * - An opted-out candidate gets nothing. A permanent refusal fails it at once (21610 also opts the candidate out);
 *   a transient one leaves it `sending` and throws, so the queue retries with back-off; the last attempt fails it.
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
      to: smsMessages.toNumber,
      scheduledFor: smsMessages.scheduledFor,
      attemptStartedAt: smsMessages.attemptStartedAt,
      optedOutAt: candidates.smsOptedOutAt,
      startMinute: organisations.smsWindowStartMinute,
      endMinute: organisations.smsWindowEndMinute,
      days: organisations.smsWindowDays,
    })
    .from(smsMessages)
    .innerJoin(candidates, eq(candidates.id, smsMessages.candidateId))
    .innerJoin(organisations, eq(organisations.id, smsMessages.organisationId))
    .where(and(eq(smsMessages.id, messageId), eq(smsMessages.direction, 'outbound')))
  if (!row) return 'missing'
  if (row.status !== 'queued' && row.status !== 'sending') return 'already'
  const sms = { id: row.id, to: row.to, body: row.body }

  if (row.status === 'sending' && row.attemptStartedAt) {
    const handed = await transport.findHanded(sms, row.attemptStartedAt)
    if (handed) {
      await recordHanded(db, row.id, handed, now())
      return 'reconciled'
    }
  }
  if (row.optedOutAt) {
    await fail(db, row.id, 'optedOut', now())
    return 'failed'
  }
  const at = now()
  const hours = { startMinute: row.startMinute, endMinute: row.endMinute, days: row.days }
  if (!isWithinSendingHours(at, hours) || row.scheduledFor.getTime() > at.getTime() + 5_000) {
    const next = nextSendingTime(row.scheduledFor > at ? row.scheduledFor : at, hours)
    await db.transaction(async (tx) => {
      await tx.update(smsMessages).set({ status: 'queued', scheduledFor: next }).where(and(eq(smsMessages.id, row.id), inArray(smsMessages.status, ['queued', 'sending'])))
      await enqueue(tx, { queue: QUEUES.sendSms.name, data: { messageId: row.id }, startAfter: next }, { now: at })
    })
    return 'rescheduled'
  }

  const [claimed] = await db
    .update(smsMessages)
    // The system's time, not the domain clock's: a reconcile compares it with the provider's own dates.
    .set({ status: 'sending', attemptStartedAt: new Date(), statusAt: at })
    .where(and(eq(smsMessages.id, row.id), inArray(smsMessages.status, ['queued', 'sending'])))
    .returning({ id: smsMessages.id })
  if (!claimed) return 'already'

  await waitForSlot(db, 'sms', options.ratePerSecond ?? configuredSmsRate())
  try {
    const handed = await transport.send(sms)
    await recordHanded(db, row.id, handed, now())
    return 'sent'
  } catch (error) {
    if (error instanceof PermanentSmsError) {
      await db.transaction(async (tx) => {
        await fail(tx, row.id, error.code, now())
        if (error.code === '21610') await optOut(tx, { organisationId: row.organisationId, candidateId: row.candidateId, at: now(), source: 'provider' })
      })
      return 'failed'
    }
    if (options.lastAttempt) {
      await fail(db, row.id, transientCode(error), now())
      return 'failed'
    }
    throw error
  }
}

function transientCode(error: unknown): string {
  const e = error as { status?: number; code?: string | number }
  return e.status ? String(e.status) : typeof e.code === 'string' ? e.code : 'attempts'
}

async function fail(db: Pick<Db, 'update'>, id: string, code: string, at: Date) {
  await db
    .update(smsMessages)
    .set({ status: 'failed', errorCode: code, statusAt: at })
    .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['queued', 'sending'])))
}

/** The provider has it: its id, and its status if that moves the message forward (a callback may have come first). */
async function recordHanded(db: Db, id: string, handed: Handed, at: Date) {
  const forward = statusesBefore(handed.status as SmsStatus)
  await db
    .update(smsMessages)
    .set({
      providerSid: sql`coalesce(${smsMessages.providerSid}, ${handed.sid})`,
      sentAt: sql`coalesce(${smsMessages.sentAt}, ${at.toISOString()}::timestamptz)`,
      status: sql`case when ${smsMessages.status} in (${sql.join(
        forward.map((s) => sql`${s}`),
        sql`, `,
      )}) then ${handed.status}::sms_status else ${smsMessages.status} end`,
      ...(handed.errorCode ? { errorCode: handed.errorCode } : {}),
      statusAt: at,
    })
    .where(eq(smsMessages.id, id))
}
