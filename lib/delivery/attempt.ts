import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { enqueue, type JobInput } from '@/lib/queue/enqueue'
import { LEASES, type DeliveryTable, type Lease } from './bounds'
import { deliveryColumns, move, type DeliverySet } from './transitions'

/**
 * One delivery state machine for the two tables of outbound messages (sms_messages, outbound_mails), which share these
 * columns: status, attempt_id, attempt_started_at, lease_until, calling_at, status_at. Its moves are the table of
 * lib/delivery/transitions.ts; these are the attempt's:
 *
 *   queued ──claim──▶ sending (attempt A, lease) ──call──▶ sending + calling_at ──provider call──▶ handed, fail…
 *     ▲                  │ lease passed, calling_at null: A provably never called ─▶ requeue (sent again)
 *     └──release─────────┘ lease passed, calling_at set: reconcile (SMS) or lose: `unknown` (shown to a person)
 *
 * Every write after the claim names its attempt (`attempt_id = A`): an attempt that wakes up after another took the
 * message changes nothing and, since the 'calling' marker is written under the same check, calls nothing. Leases are in
 * the database's time (clock_timestamp()), the one clock every worker shares.
 */
const clock = sql`clock_timestamp()`

/**
 * Past its lease, and — if it called — past its marker plus the longest call: a call still in flight (a lease cut
 * short, clocks that drift) is never settled under it.
 */
function expiredClause(t: DeliveryTable) {
  const m = deliveryColumns(t)
  return and(
    eq(m.status, 'sending'),
    lt(m.leaseUntil, clock),
    or(isNull(m.callingAt), lt(m.callingAt, sql`${clock} - make_interval(secs => ${LEASES[t].callSeconds})`)),
  )
}

/** The message, while attempt A holds it. */
function heldBy(t: DeliveryTable, id: string, attemptId: string) {
  const m = deliveryColumns(t)
  return and(eq(m.id, id), eq(m.attemptId, attemptId))
}

/** The attempt's writes of either table's columns (the same names in both). */
const set = <T extends DeliveryTable>(values: Record<string, unknown>) => values as DeliverySet<T>

/**
 * Takes the message for a new attempt, from `queued`, or from `sending` whose lease passed and whose attempt provably
 * never called the provider. Returns the attempt's id, or null when the message is not there to take.
 */
export async function claimAttempt(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  organisationId: string | null,
  lease: Lease,
  now: Date,
): Promise<string | null> {
  const m = deliveryColumns(t)
  const [row] = await move(db, t, 'claim', {
    to: 'sending',
    set: set({
      attemptId: sql`gen_random_uuid()`,
      attemptStartedAt: clock,
      leaseUntil: sql`${clock} + make_interval(secs => ${lease.leaseSeconds})`,
      callingAt: null,
      statusAt: now,
      // A mail counts its attempts (shown to administrators); an SMS's rate slot is used once: an attempt put back in
      // the queue takes a new one.
      ...(t === 'outbound_mails' ? { attempts: sql`attempts + 1` } : { slotAt: null }),
    }),
    where: and(
      eq(m.id, id),
      sql`${m.organisationId} is not distinct from ${organisationId}::uuid`,
      or(eq(m.status, 'queued'), and(lt(m.leaseUntil, clock), isNull(m.callingAt))),
    ),
  })
  return row?.attemptId ?? null
}

/**
 * The 'calling' marker, written and committed just before the provider call: only while attempt A still holds the
 * message with enough lease left for the whole call. False: the attempt must not call.
 */
export async function markCalling(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  attemptId: string,
  lease: Lease,
): Promise<boolean> {
  const rows = await move(db, t, 'call', {
    to: 'sending',
    set: set({ callingAt: clock }),
    where: and(
      heldBy(t, id, attemptId),
      sql`${deliveryColumns(t).leaseUntil} > ${clock} + make_interval(secs => ${lease.callSeconds})`,
    ),
  })
  return rows.length === 1
}

/** The provider answered "not taken" (a transient refusal): back to `queued` for a later attempt, if A still holds it. */
export async function releaseAttempt(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  attemptId: string,
  errorCode: string,
  now: Date,
): Promise<boolean> {
  const rows = await move(db, t, 'release', {
    to: 'queued',
    set: set({ attemptId: null, leaseUntil: null, callingAt: null, errorCode, statusAt: now }),
    where: heldBy(t, id, attemptId),
  })
  return rows.length === 1
}

/** The attempt ends the message `failed` (a permanent refusal, or the last of the queue's retries). */
export async function failAttempt(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  attemptId: string,
  errorCode: string,
  now: Date,
): Promise<boolean> {
  const rows = await move(db, t, 'fail', {
    to: 'failed',
    set: set({ leaseUntil: null, errorCode, statusAt: now }),
    where: heldBy(t, id, attemptId),
  })
  return rows.length === 1
}

export type Expired = {
  id: string
  organisationId: string | null
  attemptId: string
  called: boolean
  callingAt: Date | null
  attemptStartedAt: Date | null
}

/** A message still `sending` whose attempt's lease has passed (null if it is not, or no longer, such a message). */
export async function expiredAttempt(db: DbOrTx, t: DeliveryTable, id: string): Promise<Expired | null> {
  const m = deliveryColumns(t)
  const [row] = await db
    .select({
      id: m.id,
      organisationId: m.organisationId,
      attemptId: m.attemptId,
      callingAt: m.callingAt,
      attemptStartedAt: m.attemptStartedAt,
    })
    .from(m)
    .where(and(eq(m.id, id), isNotNull(m.attemptId), expiredClause(t)))
  if (!row) return null
  return { ...row, attemptId: row.attemptId!, called: row.callingAt !== null }
}

/** The messages of `t` whose lease passed (the sweep's read), oldest first. */
export async function expiredIds(db: DbOrTx, t: DeliveryTable, limit: number): Promise<string[]> {
  const m = deliveryColumns(t)
  const rows = await db.select({ id: m.id }).from(m).where(expiredClause(t)).orderBy(m.leaseUntil).limit(limit)
  return rows.map((r) => r.id)
}

/** The job that sends a message of `t` again. */
export const sendJob = (t: DeliveryTable, id: string): JobInput =>
  t === 'sms_messages' ? { queue: 'send-sms', data: { messageId: id } } : { queue: 'send-mail', data: { mailId: id } }

/**
 * An expired attempt that provably never called the provider gives the message back to `queued`, with a new job, in
 * one transaction; one that may have called it ends `unknown`, for a person to decide. Both only if nobody else moved
 * it meanwhile.
 */
export async function settleExpired(
  db: DbOrTx,
  t: DeliveryTable,
  expired: Expired,
  now: Date,
): Promise<'requeued' | 'unknown' | 'moved'> {
  const m = deliveryColumns(t)
  const still = and(heldBy(t, expired.id, expired.attemptId), expiredClause(t))
  if (expired.called) {
    const rows = await move(db, t, 'lose', {
      to: 'unknown',
      set: set({ leaseUntil: null, errorCode: 'unknownFate', statusAt: now }),
      where: and(still, isNotNull(m.callingAt)),
    })
    return rows.length ? 'unknown' : 'moved'
  }
  return db.transaction(async (tx) => {
    const rows = await move(tx, t, 'requeue', {
      to: 'queued',
      set: set({ attemptId: null, leaseUntil: null, statusAt: now }),
      where: and(still, isNull(m.callingAt)),
    })
    if (!rows.length) return 'moved'
    await enqueue(tx, sendJob(t, expired.id), { now })
    return 'requeued'
  })
}
