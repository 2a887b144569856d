import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { enqueue } from '@/lib/queue/enqueue'

/** A running export whose heartbeat is older than this lost its worker (a page of 2 000 rows takes under a second). */
export const EXPORT_STALE_SECONDS = 90
/** Attempts an export gets before it is marked failed, for its requester to see and ask again. */
export const EXPORT_MAX_ATTEMPTS = 3

/**
 * Every minute: the exports whose job worker was killed in the middle — still running, heartbeat stale —
 * get a new attempt, queued in the same transaction; after EXPORT_MAX_ATTEMPTS they are marked failed (and their
 * partial file deleted). An export whose file is being stored holds its row's lock and is skipped. Without this, such
 * an export stayed "en cours" until its job expired, 30 minutes later.
 */
export async function recoverStaleExports(db: Db, now: Date): Promise<{ requeued: number; failed: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; attempt: number }>(sql`
      select id, attempt from data_exports
      where status = 'running' and heartbeat_at < now() - make_interval(secs => ${EXPORT_STALE_SECONDS})
      order by heartbeat_at
      for update skip locked`)
    const failing = rows.filter((r) => r.attempt >= EXPORT_MAX_ATTEMPTS).map((r) => r.id)
    const again = rows.filter((r) => r.attempt < EXPORT_MAX_ATTEMPTS).map((r) => r.id)
    const ids = (list: string[]) =>
      sql.join(
        list.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    if (failing.length) {
      await tx.execute(sql`delete from export_chunks where export_id in (${ids(failing)})`)
      await tx.execute(
        sql`update data_exports set status = 'failed', finished_at = ${now}, heartbeat_at = null where id in (${ids(failing)})`,
      )
    }
    if (again.length) {
      await tx.execute(sql`update data_exports set status = 'queued', heartbeat_at = null where id in (${ids(again)})`)
      for (const exportId of again) await enqueue(tx, { queue: 'run-export', data: { exportId } }, { now })
    }
    return { requeued: again.length, failed: failing.length }
  })
}
