import { and, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db } from '@/lib/db/client'
import { candidates, jobOffers, jobPlacementEvents, jobPlacements } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { parisInstant } from '@/lib/dates'
import { fullName } from '@/lib/person-name'
import { JOB_OFFER_MESSAGES, placeCandidatesSchema, placementStatusSchema } from './schemas'
import { pickableCandidates } from '@/lib/candidates/pickable'

/**
 * Candidates placed on a job offer ("positionnés"), one placement per candidate and offer. A placement at
 * "embauché" takes a position; the last one moves the offer to "filled". The offer row is locked (for update) before
 * any count is read, so two counsellors hiring for the last position at once are served one after the other: the
 * first takes it, the second is told every position is filled, and nothing of theirs is written.
 */
export type PlacementActor = { organisationId: string; actorId: string }

const fail = (message: string, field?: string) => ({
  ok: false as const,
  error: message,
  ...(field ? { fieldErrors: { [field]: message } } : {}),
})

export async function placeCandidates(
  db: Db,
  actor: PlacementActor,
  jobOfferId: string,
  input: unknown,
): Promise<Outcome<{ placed: number }>> {
  const parsed = placeCandidatesSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const ids = [...new Set(parsed.data.candidateIds)]
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ status: jobOffers.status })
      .from(jobOffers)
      .where(and(eq(jobOffers.id, jobOfferId), eq(jobOffers.organisationId, actor.organisationId)))
      .for('update')
    if (!offer) return NOT_FOUND
    if (offer.status !== 'open') return fail(JOB_OFFER_MESSAGES.offerNotOpen)
    const found = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(pickableCandidates(actor.organisationId), inArray(candidates.id, ids)))
    if (found.length !== ids.length) return fail(JOB_OFFER_MESSAGES.candidateUnknown, 'candidateIds')
    const already = await tx
      .select({ firstName: candidates.firstName, lastName: candidates.lastName })
      .from(jobPlacements)
      .innerJoin(candidates, eq(candidates.id, jobPlacements.candidateId))
      .where(and(eq(jobPlacements.jobOfferId, jobOfferId), inArray(jobPlacements.candidateId, ids)))
    if (already.length) return fail(JOB_OFFER_MESSAGES.alreadyPlaced(already.map(fullName).join(', ')), 'candidateIds')
    const rows = await tx
      .insert(jobPlacements)
      .values(
        ids.map((candidateId) => ({
          organisationId: actor.organisationId,
          jobOfferId,
          candidateId,
          createdById: actor.actorId,
        })),
      )
      .returning({ id: jobPlacements.id, candidateId: jobPlacements.candidateId })
    await tx.insert(jobPlacementEvents).values(
      rows.map((r) => ({
        placementId: r.id,
        status: 'proposed' as const,
        actorId: actor.actorId,
        at: sql`clock_timestamp()`,
      })),
    )
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'placement.created',
        entityType: 'candidate',
        entityId: r.candidateId,
        details: { jobOfferId, placementId: r.id },
      })),
    )
    return { ok: true as const, placed: rows.length }
  })
}

export async function setPlacementStatus(
  db: Db,
  actor: PlacementActor,
  placementId: string,
  input: unknown,
): Promise<Outcome<{ offerStatus: string }>> {
  const parsed = placementStatusSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const next = parsed.data
  return db.transaction(async (tx) => {
    const [placement] = await tx
      .select({ jobOfferId: jobPlacements.jobOfferId, candidateId: jobPlacements.candidateId })
      .from(jobPlacements)
      .where(and(eq(jobPlacements.id, placementId), eq(jobPlacements.organisationId, actor.organisationId)))
    if (!placement) return NOT_FOUND
    // The offer first, then the placement: every writer takes the locks in this order.
    const [offer] = await tx
      .select({ positions: jobOffers.positions, filled: jobOffers.positionsFilled, status: jobOffers.status })
      .from(jobOffers)
      .where(eq(jobOffers.id, placement.jobOfferId))
      .for('update')
    const [current] = await tx
      .select({ status: jobPlacements.status })
      .from(jobPlacements)
      .where(eq(jobPlacements.id, placementId))
      .for('update')
    if (!offer || !current) return NOT_FOUND
    let filled = offer.filled
    if (next.status === 'hired' && current.status !== 'hired') {
      if (filled >= offer.positions) return fail(JOB_OFFER_MESSAGES.allFilled(offer.positions), 'status')
      filled += 1
    } else if (current.status === 'hired' && next.status !== 'hired') filled -= 1
    const offerStatus = offer.status === 'closed' ? 'closed' : filled >= offer.positions ? 'filled' : 'open'
    const interviewAt =
      next.status === 'interview' && next.interviewAt
        ? parisInstant(
            next.interviewAt.slice(0, 10),
            Number(next.interviewAt.slice(11, 13)) * 60 + Number(next.interviewAt.slice(14, 16)),
          )
        : null
    const reason = next.status === 'refused' || next.status === 'abandoned' ? next.reason : null
    if (filled !== offer.filled || offerStatus !== offer.status)
      await tx
        .update(jobOffers)
        .set({ positionsFilled: filled, status: offerStatus, updatedAt: sql`now()` })
        .where(eq(jobOffers.id, placement.jobOfferId))
    await tx
      .update(jobPlacements)
      .set({ status: next.status, interviewAt, reason, updatedAt: sql`now()` })
      .where(eq(jobPlacements.id, placementId))
    await tx.insert(jobPlacementEvents).values({
      placementId,
      status: next.status,
      interviewAt,
      reason,
      actorId: actor.actorId,
      at: sql`clock_timestamp()`,
    })
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'placement.updated',
      entityType: 'candidate',
      entityId: placement.candidateId,
      details: { jobOfferId: placement.jobOfferId, placementId, status: next.status, previousStatus: current.status },
    })
    return { ok: true as const, offerStatus }
  })
}
