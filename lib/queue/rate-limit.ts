import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/** A handler waits for its slot at most this long; a later slot is kept, and its job scheduled there. */
export const SLOT_MAX_WAIT_MS = 1_000

/** The slot reserved: when it starts (the database's time) and how long from now. */
export type Slot = { at: string; waitMs: number }

/**
 * A rate shared by every worker process (one row of rate_slots per key, updated atomically): reserves the next free
 * slot of `key`, however far, so that each message takes exactly one slot and the caller schedules its job at it
 * rather than asking again and again. `perSecond` ≤ 0: no limit (null).
 */
export async function reserveSlot(db: DbOrTx, key: string, perSecond: number): Promise<Slot | null> {
  if (!(perSecond > 0)) return null
  const spacingMs = 1000 / perSecond
  const { rows } = await db.execute<{ at: string; wait_ms: number }>(sql`
    insert into rate_slots (key, next_at) values (${key}, clock_timestamp() + ${spacingMs} * interval '1 millisecond')
    on conflict (key) do update set next_at = greatest(rate_slots.next_at, clock_timestamp()) + ${spacingMs} * interval '1 millisecond'
    returning (next_at - ${spacingMs} * interval '1 millisecond')::text as at,
      (extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacingMs})::float8 as wait_ms`)
  return { at: rows[0]!.at, waitMs: Math.max(0, Number(rows[0]!.wait_ms)) }
}
