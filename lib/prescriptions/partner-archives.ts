import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '@/lib/db/client'
import { socialApplies } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { isUuid } from '@/lib/ids'

/**
 * A partner structure archives the prescriptions it answered (they leave the offer page's tabs) and restores them.
 * All or nothing: an id of another structure, an unknown id or one that may not move changes nothing.
 */

/** Spec §7 archive payload {ids: list of application ids}, also used to restore. */
export const idsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) })

export type ArchiveResult = { ok: true; archived: number } | { ok: false; error: 'notFound' | 'notAnswered' }

export const ARCHIVE_ERRORS = {
  notFound: 'Certains dossiers sont introuvables\u00a0: aucun dossier n’a été archivé.',
  notAnswered: 'Seuls les candidats intégrés ou refusés peuvent être archivés\u00a0: aucun dossier n’a été archivé.',
} as const

type Move = { structureId: string; ids: string[]; actorId: string; now?: Date }

/**
 * Moves the structure's applies `ids` in or out of the archive, in one transaction: their rows locked, `refusal` read
 * on them (an error that changes nothing), then the update and one audit row each. 'notFound' unless every id is one
 * of the structure's applies on the side it leaves.
 */
async function move<E extends string = never>(
  db: Db,
  { structureId, actorId, now = clockNow(), ...params }: Move,
  archived: boolean,
  refusal: (rows: { state: string }[]) => E | null = () => null,
): Promise<{ ok: true; moved: number } | { ok: false; error: 'notFound' | E }> {
  const ids = [...new Set(params.ids)]
  if (ids.length === 0 || !ids.every(isUuid)) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const scope = and(
      inArray(socialApplies.id, ids),
      eq(socialApplies.structureId, structureId),
      eq(socialApplies.archived, !archived),
    )
    const rows = await tx
      .select({ id: socialApplies.id, state: socialApplies.state, organisationId: socialApplies.organisationId })
      .from(socialApplies)
      .where(scope)
      .for('update')
    if (rows.length !== ids.length) return { ok: false, error: 'notFound' } as const
    const refused = refusal(rows)
    if (refused) return { ok: false, error: refused } as const
    await tx
      .update(socialApplies)
      .set({ archived, archivedAt: archived ? now : null, updatedAt: now })
      .where(scope)
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId,
        structureId,
        organisationId: r.organisationId,
        action: archived ? 'apply.archived' : 'apply.restored',
        entityType: 'socialApply',
        entityId: r.id,
      })),
    )
    return { ok: true, moved: rows.length } as const
  })
}

/** Spec §4 archiving: refused or integrated applies of the structure move to archived; a pending or waitlisted one may not. */
export async function archiveApplies(db: Db, params: Move): Promise<ArchiveResult> {
  const result = await move(db, params, true, (rows) =>
    rows.some((r) => r.state === 'PRESCRIPTION_FILLED' || r.state === 'WAITLISTED') ? 'notAnswered' : null,
  )
  return result.ok ? { ok: true, archived: result.moved } : result
}

/** Brings archived applies of the structure back onto the offer page. */
export async function restoreApplies(
  db: Db,
  params: Move,
): Promise<{ ok: true; restored: number } | { ok: false; error: 'notFound' }> {
  const result = await move(db, params, false)
  return result.ok ? { ok: true, restored: result.moved } : result
}
