import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/**
 * A rate shared by every worker process: each call takes the next free slot of `key` (one row of rate_slots, updated
 * atomically) and waits until it. `perSecond` ≤ 0: no limit.
 */
export async function waitForSlot(db: DbOrTx, key: string, perSecond: number): Promise<void> {
  if (!(perSecond > 0)) return
  const spacingMs = 1000 / perSecond
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    insert into rate_slots (key, next_at) values (${key}, clock_timestamp() + ${spacingMs} * interval '1 millisecond')
    on conflict (key) do update set next_at = greatest(rate_slots.next_at, clock_timestamp()) + ${spacingMs} * interval '1 millisecond'
    returning (extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacingMs})::float8 as wait_ms`)
  const wait = Number(rows[0]?.wait_ms ?? 0)
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}
