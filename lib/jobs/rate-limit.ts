import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/** A job waits at most this long for its slot; a later slot is not taken, and the job is rescheduled instead. */
export const SLOT_MAX_WAIT_MS = 1_000

export type Slot = { ok: true; waitMs: number } | { ok: false; freeInMs: number }

/**
 * A rate shared by every worker process (one row of rate_slots per key, updated atomically): takes the next free slot
 * of `key` if it starts within `maxWaitMs`, and says how long to wait for it; otherwise takes nothing and says when
 * slots free up, so that the caller reschedules its job rather than sleeping past the queue's expiry. `perSecond` ≤ 0:
 * no limit.
 */
export async function reserveSlot(
  db: DbOrTx,
  key: string,
  perSecond: number,
  maxWaitMs = SLOT_MAX_WAIT_MS,
): Promise<Slot> {
  if (!(perSecond > 0)) return { ok: true, waitMs: 0 }
  const spacingMs = 1000 / perSecond
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    insert into rate_slots (key, next_at) values (${key}, clock_timestamp() + ${spacingMs} * interval '1 millisecond')
    on conflict (key) do update set next_at = greatest(rate_slots.next_at, clock_timestamp()) + ${spacingMs} * interval '1 millisecond'
      where rate_slots.next_at <= clock_timestamp() + ${maxWaitMs} * interval '1 millisecond'
    returning (extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacingMs})::float8 as wait_ms`)
  if (rows[0]) return { ok: true, waitMs: Math.max(0, Number(rows[0].wait_ms)) }
  const { rows: later } = await db.execute<{ free_in_ms: number }>(sql`
    select (extract(epoch from (next_at - clock_timestamp())) * 1000)::float8 as free_in_ms from rate_slots where key = ${key}`)
  return { ok: false, freeInMs: Math.max(0, Number(later[0]?.free_in_ms ?? 0)) }
}
