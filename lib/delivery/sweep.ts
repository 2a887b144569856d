import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { enqueue } from '@/lib/queue/enqueue'
import { expiredAttempt, expiredIds, sendJob, type Expired } from './attempt'
import type { DeliveryTable } from './bounds'

/** Messages settled per run and table (the sweep-sends job runs every minute). */
const BATCH = 200

/** A message `queued` this long past its time with no job left to send it is given a new one. */
const ORPHAN_MINUTES = 10

/**
 * The messages of `t` still `sending` past their attempt's lease, each settled by `settle` on its own: one that throws
 * (a provider that does not answer, a write that fails) does not stop the others, and is tried again next run. Returns
 * how many ended each way.
 */
export async function settleEach(
  db: DbOrTx,
  t: DeliveryTable,
  settle: (expired: Expired) => Promise<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const count = (outcome: string) => (counts[outcome] = (counts[outcome] ?? 0) + 1)
  for (const id of await expiredIds(db, t, BATCH)) {
    try {
      const expired = await expiredAttempt(db, t, id)
      if (expired) count(await settle(expired))
    } catch (error) {
      logError(`sweep-sends.${t}`, error)
      count('error')
    }
  }
  return counts
}

/**
 * A safety net: messages still `queued` well past their time (an SMS's `scheduled_for`, or its rate slot if later; a
 * mail's `status_at`) may have lost their job (its last retry expired with a killed worker, say) and get a new one.
 * pg-boss's tables are its own: rather than look for the old job there, the new one is a singleton per message and ten
 * minutes (pg-boss's `singletonKey` and `singletonSeconds`), and since each job only claims its message from `queued`, a
 * message whose old job is still alive is sent once all the same.
 */
export async function requeueOrphans(db: DbOrTx, now: Date): Promise<{ sms: number; mails: number }> {
  const { rows: sms } = await db.execute<{ id: string }>(sql`
    select m.id from sms_messages m
    where m.direction = 'outbound' and m.status = 'queued'
      and greatest(m.scheduled_for, m.slot_at) < clock_timestamp() - make_interval(mins => ${ORPHAN_MINUTES})
    order by m.scheduled_for limit ${BATCH}`)
  const { rows: mails } = await db.execute<{ id: string }>(sql`
    select m.id from outbound_mails m
    where m.status = 'queued' and m.status_at < clock_timestamp() - make_interval(mins => ${ORPHAN_MINUTES})
    order by m.status_at limit ${BATCH}`)
  const once = (id: string) => ({ singletonKey: `orphan:${id}`, singletonSeconds: ORPHAN_MINUTES * 60 })
  await enqueue(
    db,
    [
      ...sms.map((r) => ({ ...sendJob('sms_messages', r.id), ...once(r.id) })),
      ...mails.map((r) => ({ ...sendJob('outbound_mails', r.id), ...once(r.id) })),
    ],
    { now },
  )
  return { sms: sms.length, mails: mails.length }
}
