import { z } from 'zod'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { candidates, candidateStatuses } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { formatNumber } from '@/lib/numbers'

/** Most rows one bulk action (status change, export) takes at once. */
export const BULK_MAX_IDS = 5000

export const BULK_MESSAGES = {
  noSelection: 'Sélectionnez au moins un candidat.',
  tooMany: `Sélectionnez au plus ${formatNumber(BULK_MAX_IDS)} candidats à la fois.`,
  statusRequired: 'Choisissez le nouveau statut.',
  statusNotFound: 'Ce statut n’existe pas dans votre organisation\u00a0: aucun statut n’a été modifié.',
  candidatesNotFound: 'Certains candidats sont introuvables\u00a0: aucun statut n’a été modifié.',
} as const

const ids = z
  .array(z.uuid({ message: BULK_MESSAGES.candidatesNotFound }), { message: BULK_MESSAGES.noSelection })
  .min(1, BULK_MESSAGES.noSelection)
  .max(BULK_MAX_IDS, BULK_MESSAGES.tooMany)
  .transform((list) => [...new Set(list)])

/** The "Changer le statut" payload, shared by the dialog and the server action. */
export const bulkStatusSchema = z.object({
  ids,
  statusId: z.uuid({ message: BULK_MESSAGES.statusRequired }),
})
export type BulkStatusInput = z.infer<typeof bulkStatusSchema>

export type BulkStatusResult =
  { ok: true; updated: number } | { ok: false; error: 'statusNotFound' | 'candidatesNotFound' }

/**
 * Sets one status of the organisation on candidates of the organisation, all or nothing: a status or a candidate of
 * another organisation (or unknown) changes nothing. One transaction, one UPDATE, one audit row per candidate
 * (ids only: the previous and new status ids).
 */
export async function changeCandidatesStatus(
  db: Db,
  params: { organisationId: string; ids: string[]; statusId: string; actorId: string; now?: Date },
): Promise<BulkStatusResult> {
  const { organisationId, statusId, actorId, now = clockNow() } = params
  const ids = [...new Set(params.ids)]
  if (ids.length === 0) return { ok: false, error: 'candidatesNotFound' }
  return db.transaction(async (tx) => {
    const [status] = await tx
      .select({ id: candidateStatuses.id })
      .from(candidateStatuses)
      .where(and(eq(candidateStatuses.id, statusId), eq(candidateStatuses.organisationId, organisationId)))
    if (!status) return { ok: false, error: 'statusNotFound' } as const
    const rows = await tx
      .select({ id: candidates.id, statusId: candidates.statusId })
      .from(candidates)
      .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.id, ids)))
      .for('update')
    if (rows.length !== ids.length) return { ok: false, error: 'candidatesNotFound' } as const
    await tx
      .update(candidates)
      .set({ statusId, updatedAt: now })
      .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.id, ids)))
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId,
        organisationId,
        action: 'candidate.statusChanged',
        entityType: 'candidate',
        entityId: r.id,
        details: { fromStatusId: r.statusId, toStatusId: statusId, bulk: true },
      })),
    )
    return { ok: true, updated: rows.length } as const
  })
}
