import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { socialApplies } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { isUuid } from '@/lib/ids'
import { now as clockNow } from '@/lib/clock'

/** Brings archived applies of the structure back onto the offer page. All or nothing, like archiving. */
export async function restoreApplies(
  db: Db,
  params: { structureId: string; ids: string[]; actorId: string; now?: Date },
): Promise<{ ok: true; restored: number } | { ok: false; error: 'notFound' }> {
  const { structureId, actorId, now = clockNow() } = params
  const ids = [...new Set(params.ids)]
  if (ids.length === 0 || !ids.every(isUuid)) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const scope = and(
      inArray(socialApplies.id, ids),
      eq(socialApplies.structureId, structureId),
      eq(socialApplies.archived, true),
    )
    const rows = await tx
      .select({ id: socialApplies.id, organisationId: socialApplies.organisationId })
      .from(socialApplies)
      .where(scope)
      .for('update')
    if (rows.length !== ids.length) return { ok: false, error: 'notFound' } as const
    await tx.update(socialApplies).set({ archived: false, archivedAt: null, updatedAt: now }).where(scope)
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId,
        structureId,
        organisationId: r.organisationId,
        action: 'apply.restored',
        entityType: 'socialApply',
        entityId: r.id,
      })),
    )
    return { ok: true, restored: rows.length } as const
  })
}
