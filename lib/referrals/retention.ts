import { and, eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { orientations } from '@/lib/db/schema'
import { addElapsedDays } from '@/lib/dates'

/**
 * RGPD: an orientation holds a person's data as the prescriber wrote it. Once decided (an accepted one lives on in the
 * candidate's sheet), or left unanswered, it is deleted after the organisation's retention period, counted from its
 * decision or its arrival. Audit rows keep its id only. Returns the number deleted.
 */
export async function purgeOrientations(
  db: DbOrTx,
  organisationId: string,
  at: Date,
  retentionDays: number,
): Promise<number> {
  const before = addElapsedDays(at, -retentionDays)
  const deleted = await db
    .delete(orientations)
    .where(
      and(
        eq(orientations.organisationId, organisationId),
        lt(sql`coalesce(${orientations.decidedAt}, ${orientations.createdAt})`, before),
      ),
    )
    .returning({ id: orientations.id })
  return deleted.length
}
