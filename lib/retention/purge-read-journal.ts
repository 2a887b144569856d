import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'

/** The journal's retention the issue allows: 6 months at least (the CNIL's floor), 12 at most. */
const MONTHS = { min: 6, max: 12 }

/** Journal rows deleted per statement: a large organisation's purge never holds long locks nor one huge delete. */
const BATCH = 5000

/**
 * Deletes the organisation's read-journal rows older than its journal retention (6 to 12 months, set by its
 * administrators) at `at`, by batches on the (owner, at) index. A stored value outside 6 to 12 is held to its bound.
 * Returns how many went.
 */
export async function purgeReadJournal(db: Db, organisationId: string, at: Date, months: number): Promise<number> {
  const kept = Math.min(MONTHS.max, Math.max(MONTHS.min, Math.trunc(months) || MONTHS.min))
  let total = 0
  for (;;) {
    const { rowCount } = await db.execute(sql`
      delete from read_journal where id in (
        select id from read_journal
        where owner_organisation_id = ${organisationId}::uuid
          and at < ${at}::timestamptz - make_interval(months => ${kept}::int)
        limit ${BATCH})`)
    total += rowCount ?? 0
    if ((rowCount ?? 0) < BATCH) return total
  }
}
