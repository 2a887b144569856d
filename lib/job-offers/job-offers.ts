import { and, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { enterprises, jobOffers, places } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { sanitizeDescription } from '@/lib/offers/sanitize-description'
import { JOB_OFFER_MESSAGES, jobOfferSchema, type JobOfferInput } from './schemas'

/**
 * Job offers, created from an enterprise's sheet and edited from their page. The organisation is in every
 * where; a place or an enterprise of another organisation is refused as unknown. Positions filled are counted by the
 * placements (lib/job-offers/placements.ts); the offer row is locked whenever either changes.
 */
export type JobOfferActor = { organisationId: string; actorId: string }

async function checkPlace(tx: DbOrTx, organisationId: string, placeId: string | null) {
  if (!placeId) return true
  const [row] = await tx
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.id, placeId), eq(places.organisationId, organisationId)))
  return !!row
}

const values = (data: JobOfferInput) => ({
  ...data,
  weeklyHours: data.weeklyHours == null ? null : String(data.weeklyHours),
  description: sanitizeDescription(data.description),
})

export async function createJobOffer(
  db: Db,
  actor: JobOfferActor,
  enterpriseId: string,
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  const parsed = jobOfferSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    const [enterprise] = await tx
      .select({ id: enterprises.id })
      .from(enterprises)
      .where(and(eq(enterprises.id, enterpriseId), eq(enterprises.organisationId, actor.organisationId)))
    if (!enterprise) return NOT_FOUND
    if (!(await checkPlace(tx, actor.organisationId, parsed.data.placeId)))
      return {
        ok: false as const,
        error: 'Vérifiez les champs signalés.',
        fieldErrors: { placeId: JOB_OFFER_MESSAGES.placeUnknown },
      }
    // A new offer has no hire yet: "filled" is only reached through placements.
    const status = parsed.data.status === 'filled' ? 'open' : parsed.data.status
    const [row] = await tx
      .insert(jobOffers)
      .values({
        ...values(parsed.data),
        status,
        organisationId: actor.organisationId,
        enterpriseId,
        createdById: actor.actorId,
      })
      .returning({ id: jobOffers.id })
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'jobOffer.created',
      entityType: 'enterprise',
      entityId: enterpriseId,
      details: { jobOfferId: row!.id },
    })
    return { ok: true as const, id: row!.id }
  })
}

const FIELDS = [
  'title',
  'romeCode',
  'contractType',
  'workingTime',
  'weeklyHours',
  'placeId',
  'addressFormatted',
  'startDate',
  'endDate',
  'positions',
  'salaryMin',
  'salaryMax',
  'description',
  'status',
  'validFrom',
  'validUntil',
] as const

export async function updateJobOffer(
  db: Db,
  actor: JobOfferActor,
  jobOfferId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = jobOfferSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx): Promise<Outcome> => {
    const [before] = await tx
      .select()
      .from(jobOffers)
      .where(and(eq(jobOffers.id, jobOfferId), eq(jobOffers.organisationId, actor.organisationId)))
      .for('update')
    if (!before) return NOT_FOUND
    if (!(await checkPlace(tx, actor.organisationId, parsed.data.placeId)))
      return {
        ok: false as const,
        error: 'Vérifiez les champs signalés.',
        fieldErrors: { placeId: JOB_OFFER_MESSAGES.placeUnknown },
      }
    if (parsed.data.positions < before.positionsFilled) {
      const message = JOB_OFFER_MESSAGES.positionsBelowHired(before.positionsFilled)
      return { ok: false as const, error: message, fieldErrors: { positions: message } }
    }
    // Filled follows the hires: every position taken is "filled", a new free position reopens it (unless closed).
    let status = parsed.data.status
    if (status !== 'closed') status = before.positionsFilled >= parsed.data.positions ? 'filled' : 'open'
    const next = { ...values(parsed.data), status }
    await tx
      .update(jobOffers)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(jobOffers.id, jobOfferId))
    const changed = FIELDS.filter((f) => String(before[f] ?? '') !== String(next[f] ?? ''))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'jobOffer.updated',
      entityType: 'enterprise',
      entityId: before.enterpriseId ?? jobOfferId,
      details: { jobOfferId, changed },
    })
    return { ok: true as const }
  })
}
