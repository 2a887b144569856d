import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { fups, socialApplies } from '@/lib/db/schema'
import { writeAudit } from '@/lib/audit'
import { now as clockNow } from '@/lib/clock'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { isActiveCause } from './causes'
import { FUP_MESSAGES } from './fup-answer-schema'
import { manualStatusSchema } from './prescription-schema'

export const MANUAL_STATUS_ERRORS = {
  notFound: 'Cette prescription est introuvable.',
  notManual: 'Cette prescription a une fiche de suivi\u00a0: c’est le partenaire qui y répond dans Passerelle.',
} as const

/**
 * The referent records the answer to a manual prescription (the partner does not use Passerelle): integrated with
 * its dates, or refused with its cause. Only manual applies (no sheet, no FUP) of the organisation, not archived;
 * the change and its audit row are one transaction, guarded on those conditions in the update itself.
 */
export async function updateManualStatus(
  db: Db,
  params: { organisationId: string; applyId: string; actorId: string; input: unknown; now?: Date },
): Promise<
  | { ok: true }
  | { ok: false; error: keyof typeof MANUAL_STATUS_ERRORS }
  | { ok: false; fieldErrors: Record<string, string> }
> {
  const { organisationId, applyId, actorId, now = clockNow() } = params
  const parsed = manualStatusSchema.safeParse(params.input)
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) }
  const status = parsed.data
  return db.transaction(async (tx) => {
    const [apply] = await tx
      .select({
        id: socialApplies.id,
        structureId: socialApplies.structureId,
        documentId: socialApplies.prescriptionDocumentId,
        fupId: fups.id,
        state: socialApplies.state,
      })
      .from(socialApplies)
      .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
      .where(
        and(
          eq(socialApplies.id, applyId),
          eq(socialApplies.organisationId, organisationId),
          eq(socialApplies.archived, false),
        ),
      )
      .for('update', { of: socialApplies })
    if (!apply) return { ok: false, error: 'notFound' } as const
    if (apply.documentId || apply.fupId) return { ok: false, error: 'notManual' } as const
    if (status.cause && !(await isActiveCause(tx, organisationId, status.cause)))
      return { ok: false, fieldErrors: { cause: FUP_MESSAGES.causeUnknown } } as const

    await tx
      .update(socialApplies)
      .set({
        state: status.state,
        firstReceptionDate: status.firstReceptionDate,
        assessmentDate: status.assessmentDate,
        cause: status.cause,
        responseDate: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(socialApplies.id, applyId),
          eq(socialApplies.organisationId, organisationId),
          isNull(socialApplies.prescriptionDocumentId),
        ),
      )
    await writeAudit(tx, {
      actorId,
      organisationId,
      structureId: apply.structureId,
      action: 'prescription.manualStatus',
      entityType: 'socialApply',
      entityId: applyId,
      details: { from: apply.state, state: status.state, cause: status.cause },
    })
    return { ok: true } as const
  })
}
