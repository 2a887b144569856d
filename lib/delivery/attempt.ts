import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { LEASES, type DeliveryTable, type Lease } from './bounds'

/**
 * One delivery state machine for the two tables of outbound messages (sms_messages, outbound_mails), which share these
 * columns: status, attempt_id, attempt_started_at, lease_until, calling_at, status_at.
 *
 *   queued ──claim──▶ sending (attempt A, lease) ──markCalling──▶ sending + calling_at ──provider call──▶ …
 *     ▲                  │ lease passed, calling_at null: A provably never called ─▶ queued again (resent)
 *     └──release─────────┘ lease passed, calling_at set: reconcile (SMS) or `unknown` (shown to a person)
 *
 * Every write after the claim names its attempt (`attempt_id = A`): an attempt that wakes up after another took the
 * message changes nothing and, since the 'calling' marker is written under the same check, calls nothing. Leases are in
 * the database's time (clock_timestamp()), the one clock every worker shares.
 */
const table = (t: DeliveryTable) => sql.identifier(t)

/**
 * Past its lease, and — if it called — past its marker plus the longest call: a call still in flight (a lease cut
 * short, clocks that drift) is never settled under it.
 */
const expiredClause = (t: DeliveryTable) => sql`status = 'sending' and lease_until < clock_timestamp()
  and (calling_at is null or calling_at < clock_timestamp() - make_interval(secs => ${LEASES[t].callSeconds}))`

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
  at: Date,
): Promise<string | null> {
  const { rows } = await db.execute<{ attempt_id: string }>(sql`
    update ${table(t)} set status = 'sending', attempt_id = gen_random_uuid(), attempt_started_at = clock_timestamp(),
      lease_until = clock_timestamp() + make_interval(secs => ${lease.leaseSeconds}), calling_at = null, status_at = ${at.toISOString()}::timestamptz
    where id = ${id} and organisation_id is not distinct from ${organisationId}::uuid
      and (status = 'queued' or (status = 'sending' and lease_until < clock_timestamp() and calling_at is null))
    returning attempt_id`)
  return rows[0]?.attempt_id ?? null
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
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${table(t)} set calling_at = clock_timestamp()
    where id = ${id} and attempt_id = ${attemptId}::uuid and status = 'sending'
      and lease_until > clock_timestamp() + make_interval(secs => ${lease.callSeconds})
    returning id`)
  return rows.length === 1
}

/** The provider answered "not taken" (a transient refusal): back to `queued` for a later attempt, if A still holds it. */
export async function releaseAttempt(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  attemptId: string,
  errorCode: string,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${table(t)} set status = 'queued', attempt_id = null, lease_until = null, calling_at = null,
      error_code = ${errorCode}, status_at = ${at.toISOString()}::timestamptz
    where id = ${id} and attempt_id = ${attemptId}::uuid and status = 'sending'
    returning id`)
  return rows.length === 1
}

/** The attempt ends the message `failed` (a permanent refusal, or the last of the queue's retries). */
export async function failAttempt(
  db: DbOrTx,
  t: DeliveryTable,
  id: string,
  attemptId: string,
  errorCode: string,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${table(t)} set status = 'failed', lease_until = null, error_code = ${errorCode}, status_at = ${at.toISOString()}::timestamptz
    where id = ${id} and attempt_id = ${attemptId}::uuid and status = 'sending'
    returning id`)
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
  const { rows } = await db.execute<{
    id: string
    organisation_id: string | null
    attempt_id: string
    calling_at: string | null
    attempt_started_at: string | null
  }>(sql`
    select id, organisation_id, attempt_id, calling_at, attempt_started_at from ${table(t)}
    where id = ${id} and attempt_id is not null and ${expiredClause(t)}`)
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    organisationId: row.organisation_id,
    attemptId: row.attempt_id,
    called: row.calling_at !== null,
    callingAt: row.calling_at ? new Date(row.calling_at) : null,
    attemptStartedAt: row.attempt_started_at ? new Date(row.attempt_started_at) : null,
  }
}

/** The messages of `t` whose lease passed (the sweep's read), oldest first. */
export async function expiredIds(db: DbOrTx, t: DeliveryTable, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from ${table(t)} where ${expiredClause(t)} order by lease_until limit ${limit}`)
  return rows.map((r) => r.id)
}

/**
 * An expired attempt that provably never called the provider gives the message back to `queued` (to be sent again);
 * one that may have called it ends `unknown`, for a person to decide. Both only if nobody else moved it meanwhile.
 */
export async function settleExpired(
  db: DbOrTx,
  t: DeliveryTable,
  expired: Expired,
  at: Date,
): Promise<'requeued' | 'unknown' | 'moved'> {
  const { rows } = await db.execute<{ status: string }>(sql`
    update ${table(t)} set status = case when calling_at is null then 'queued' else 'unknown' end::${sql.raw(t === 'sms_messages' ? 'sms_status' : 'mail_status')},
      attempt_id = case when calling_at is null then null else attempt_id end, lease_until = null,
      error_code = case when calling_at is null then error_code else 'unknownFate' end, status_at = ${at.toISOString()}::timestamptz
    where id = ${expired.id} and attempt_id = ${expired.attemptId}::uuid and ${expiredClause(t)}
    returning status`)
  const status = rows[0]?.status
  return status === 'queued' ? 'requeued' : status === 'unknown' ? 'unknown' : 'moved'
}
