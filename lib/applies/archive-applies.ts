import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { socialApplies } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { isUuid } from '@/lib/ids'
import { now as clockNow } from '@/lib/clock'

export type ArchiveResult = { ok: true; archived: number } | { ok: false; error: 'notFound' | 'notAnswered' }

export const ARCHIVE_ERRORS = {
  notFound: 'Certains dossiers sont introuvables : aucun dossier n’a été archivé.',
  notAnswered: 'Seuls les candidats intégrés ou refusés peuvent être archivés : aucun dossier n’a été archivé.',
} as const

/**
 * Spec §4 archiving: refused or integrated applies of the structure move to archived. All or nothing —
 * an id of another structure, an unknown id or a pending apply changes nothing.
 */
export async function archiveApplies(
  db: Db,
  params: { structureId: string; ids: string[]; actorId: string; now?: Date },
): Promise<ArchiveResult> {
  const { structureId, actorId, now = clockNow() } = params
  const ids = [...new Set(params.ids)]
  if (ids.length === 0 || !ids.every(isUuid)) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: socialApplies.id,
        state: socialApplies.state,
        archived: socialApplies.archived,
        organisationId: socialApplies.organisationId,
      })
      .from(socialApplies)
      .where(and(inArray(socialApplies.id, ids), eq(socialApplies.structureId, structureId)))
      .for('update')
    if (rows.length !== ids.length || rows.some((r) => r.archived)) return { ok: false, error: 'notFound' } as const
    if (rows.some((r) => r.state === 'PRESCRIPTION_FILLED')) return { ok: false, error: 'notAnswered' } as const
    await tx
      .update(socialApplies)
      .set({ archived: true, archivedAt: now, updatedAt: now })
      .where(inArray(socialApplies.id, ids))
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId,
        structureId,
        organisationId: r.organisationId,
        action: 'apply.archived',
        entityType: 'socialApply',
        entityId: r.id,
      })),
    )
    return { ok: true, archived: ids.length } as const
  })
}
