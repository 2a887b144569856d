import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { fupModels, partnerStructures, socialOffers } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { openToOrganisation } from '@/lib/offers/directory-access'
import { FUP_MODEL_MESSAGES as M, fupModelContentSchema, modelFieldErrors } from './schema'
import { text } from '@/lib/text/safe-text'

type Actor = { organisationId: string; actorId: string }
export type ModelOutcome = { ok: true; id: string } | { ok: false; error: string; fieldErrors?: Record<string, string> }

/** The organisation's models, with their structure's and offer's names. */
export async function listFupModels(db: DbOrTx, organisationId: string) {
  return db
    .select({
      id: fupModels.id,
      name: fupModels.name,
      structureName: partnerStructures.name,
      offerName: socialOffers.name,
      fields: sql<number>`jsonb_array_length(${fupModels.additionalFields})::int`,
      logos: sql<number>`jsonb_array_length(${fupModels.sponsorsLogo})::int`,
      updatedAt: fupModels.updatedAt,
    })
    .from(fupModels)
    .innerJoin(partnerStructures, eq(partnerStructures.id, fupModels.structureId))
    .leftJoin(socialOffers, eq(socialOffers.id, fupModels.socialOfferId))
    .where(eq(fupModels.organisationId, organisationId))
    .orderBy(asc(partnerStructures.name), asc(socialOffers.name))
}

export async function getFupModel(db: DbOrTx, organisationId: string, id: string) {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({ model: fupModels, structureName: partnerStructures.name, offerName: socialOffers.name })
    .from(fupModels)
    .innerJoin(partnerStructures, eq(partnerStructures.id, fupModels.structureId))
    .leftJoin(socialOffers, eq(socialOffers.id, fupModels.socialOfferId))
    .where(and(eq(fupModels.id, id), eq(fupModels.organisationId, organisationId)))
  return row ? { ...row.model, structureName: row.structureName, offerName: row.offerName } : null
}

/** The structures an organisation works with (those whose offers it may prescribe to), with their offers. */
export async function modelTargets(db: DbOrTx, organisationId: string) {
  const rows = await db
    .select({
      structureId: partnerStructures.id,
      structureName: partnerStructures.name,
      offerId: socialOffers.id,
      offerName: socialOffers.name,
    })
    .from(partnerStructures)
    .innerJoin(socialOffers, eq(socialOffers.structureId, partnerStructures.id))
    .where(openToOrganisation(organisationId))
    .orderBy(asc(partnerStructures.name), asc(socialOffers.name))
  const structures = new Map<string, { id: string; name: string; offers: { id: string; name: string }[] }>()
  for (const r of rows) {
    const s = structures.get(r.structureId) ?? { id: r.structureId, name: r.structureName, offers: [] }
    s.offers.push({ id: r.offerId, name: r.offerName })
    structures.set(r.structureId, s)
  }
  return [...structures.values()]
}

const newModelSchema = z.object({
  name: text({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  structureId: text({ error: M.structureRequired }).refine(isUuid, M.structureRequired),
  offerId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    text().refine(isUuid, M.offerUnknown).optional(),
  ),
})

/** A new, empty model for a structure the organisation works with, or for one of its offers. */
export async function createFupModel(db: Db, actor: Actor, input: unknown): Promise<ModelOutcome> {
  const parsed = newModelSchema.safeParse(input)
  if (!parsed.success)
    return { ok: false, error: 'Vérifiez les champs signalés.', fieldErrors: modelFieldErrors(parsed.error) }
  const { name, structureId, offerId } = parsed.data
  const targets = await modelTargets(db, actor.organisationId)
  const structure = targets.find((s) => s.id === structureId)
  if (!structure)
    return { ok: false, error: 'Vérifiez les champs signalés.', fieldErrors: { structureId: M.structureRequired } }
  if (offerId && !structure.offers.some((o) => o.id === offerId))
    return { ok: false, error: 'Vérifiez les champs signalés.', fieldErrors: { offerId: M.offerUnknown } }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: fupModels.id })
      .from(fupModels)
      .where(
        and(
          eq(fupModels.organisationId, actor.organisationId),
          offerId
            ? eq(fupModels.socialOfferId, offerId)
            : and(eq(fupModels.structureId, structureId), isNull(fupModels.socialOfferId)),
        ),
      )
    if (existing) return { ok: false as const, error: M.duplicate }
    const [row] = await tx
      .insert(fupModels)
      .values({ organisationId: actor.organisationId, structureId, socialOfferId: offerId ?? null, name })
      .onConflictDoNothing()
      .returning({ id: fupModels.id })
    if (!row) return { ok: false as const, error: M.duplicate }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'fupModel.created',
      entityType: 'fupModel',
      entityId: row.id,
      details: { structureId, offerId: offerId ?? null },
    })
    return { ok: true as const, id: row.id }
  })
}

/** Saves the model's name, additional fields and sponsor logos at once. Sheets already made keep what they had. */
export async function updateFupModel(db: Db, actor: Actor, id: string, input: unknown): Promise<ModelOutcome> {
  if (typeof id !== 'string' || !isUuid(id)) return { ok: false, error: M.notFound }
  const parsed = fupModelContentSchema.safeParse(input)
  if (!parsed.success)
    return { ok: false, error: 'Vérifiez les champs signalés.', fieldErrors: modelFieldErrors(parsed.error) }
  const content = parsed.data
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(fupModels)
      .set({
        name: content.name,
        additionalFields: content.additionalFields,
        sponsorsLogo: content.sponsorsLogo,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fupModels.id, id), eq(fupModels.organisationId, actor.organisationId)))
      .returning({ id: fupModels.id })
    if (updated.length === 0) return { ok: false as const, error: M.notFound }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'fupModel.updated',
      entityType: 'fupModel',
      entityId: id,
      details: { fields: content.additionalFields.map((f) => f.key), logos: content.sponsorsLogo.map((l) => l.value) },
    })
    return { ok: true as const, id }
  })
}

export async function deleteFupModel(db: Db, actor: Actor, id: string): Promise<ModelOutcome> {
  if (typeof id !== 'string' || !isUuid(id)) return { ok: false, error: M.notFound }
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(fupModels)
      .where(and(eq(fupModels.id, id), eq(fupModels.organisationId, actor.organisationId)))
      .returning({ id: fupModels.id })
    if (deleted.length === 0) return { ok: false as const, error: M.notFound }
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'fupModel.deleted',
      entityType: 'fupModel',
      entityId: id,
    })
    return { ok: true as const, id }
  })
}

/** The model a prescription to this offer uses: the offer's own, else its structure's; null without one. */
export async function modelForOffer(db: DbOrTx, organisationId: string, offerId: string) {
  if (!isUuid(offerId)) return null
  const rows = await db
    .select({
      id: fupModels.id,
      socialOfferId: fupModels.socialOfferId,
      additionalFields: fupModels.additionalFields,
      sponsorsLogo: fupModels.sponsorsLogo,
    })
    .from(fupModels)
    .innerJoin(socialOffers, eq(socialOffers.id, offerId))
    .where(
      and(
        eq(fupModels.organisationId, organisationId),
        eq(fupModels.structureId, socialOffers.structureId),
        sql`(${fupModels.socialOfferId} is null or ${fupModels.socialOfferId} = ${offerId})`,
      ),
    )
  return rows.find((r) => r.socialOfferId === offerId) ?? rows[0] ?? null
}
