import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { partnerStructures, settingsListEntries, socialOffers } from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { mayRunStructure, type StructureUser } from '@/lib/partners/running'
import { can } from '@/lib/permissions'
import { slugOf } from '@/lib/text/slug'
import { listChallenges, tagsForChallenges } from './challenges'
import { sanitizeDescription } from './sanitize-description'
import { OFFER_MESSAGES, socialOfferSchema } from './social-offer-schema'

/** Spec §2: offers written in Passerelle carry this source; only they are edited here. */
export const PRODUCT_SOURCE = 'passerelle'

/** A writer of a structure's offers: a user as the permission checks and the structure rule see them. */
export type OfferWriter = StructureUser

/**
 * Who writes a structure's offers: those who run the structure (lib/partners/running.ts), and its own partner users;
 * every writer needs the spec's candidate.socialboard.modify. An organisation that only works with it does not.
 */
export async function mayWriteOffersOf(db: DbOrTx, user: OfferWriter, structureId: string): Promise<boolean> {
  if (!can(user, 'candidate.socialboard.modify')) return false
  return writesOffersOf(user, structureId, !user.structureId && (await mayRunStructure(db, user, structureId)))
}

/** mayWriteOffersOf's rule when whether the user runs the structure is already known (the structure's page). */
export function writesOffersOf(user: OfferWriter, structureId: string, runs: boolean): boolean {
  if (!can(user, 'candidate.socialboard.modify')) return false
  return user.structureId ? user.structureId === structureId : runs
}

/** The edit button's rule: this product's offer, and a writer of its structure. */
export async function mayEditOffer(
  db: DbOrTx,
  user: OfferWriter,
  offer: { source: string; structureId: string },
): Promise<boolean> {
  return offer.source === PRODUCT_SOURCE && (await mayWriteOffersOf(db, user, offer.structureId))
}

async function checkedValues(
  tx: DbOrTx,
  user: OfferWriter,
  structureId: string,
  input: unknown,
): Promise<Outcome<{ values: Omit<typeof socialOffers.$inferInsert, 'structureId' | 'offerId' | 'source'> }>> {
  const parsed = socialOfferSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const { challengeIds, tags, ...data } = parsed.data
  const [challengeList, modes, [structure]] = await Promise.all([
    listChallenges(tx, user.organisationId),
    tx
      .select({ value: settingsListEntries.value })
      .from(settingsListEntries)
      .where(and(eq(settingsListEntries.kind, 'financingMode'), isNull(settingsListEntries.organisationId))),
    tx
      .select({ name: partnerStructures.name, website: partnerStructures.website })
      .from(partnerStructures)
      .where(eq(partnerStructures.id, structureId)),
  ])
  const fromChallenges = tagsForChallenges(challengeList, challengeIds)
  if (fromChallenges.unknown)
    return {
      ok: false,
      error: 'Vérifiez les champs signalés.',
      fieldErrors: { challengeIds: OFFER_MESSAGES.challengeUnknown },
    }
  const known = new Set(modes.map((m) => m.value))
  if (data.financingModes.some((m) => !known.has(m)))
    return {
      ok: false,
      error: 'Vérifiez les champs signalés.',
      fieldErrors: { financingModes: OFFER_MESSAGES.financingModeUnknown },
    }
  return {
    ok: true,
    values: {
      ...data,
      financingModes: [...new Set(data.financingModes)],
      description: sanitizeDescription(data.description),
      tags: [...new Set([...fromChallenges.tags, ...tags])].slice(0, 30),
      providerName: structure!.name,
      providerWebsite: structure!.website,
    },
  }
}

export async function createSocialOffer(
  db: Db,
  user: OfferWriter,
  structureId: string,
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  return db.transaction(async (tx) => {
    if (!(await mayWriteOffersOf(tx, user, structureId))) return NOT_FOUND
    const checked = await checkedValues(tx, user, structureId, input)
    if (!checked.ok) return checked
    const [row] = await tx
      .insert(socialOffers)
      .values({
        ...checked.values,
        structureId,
        source: PRODUCT_SOURCE,
        offerId: `${slugOf(checked.values.name!)}-${randomUUID().slice(0, 8)}`,
        createdById: user.id,
      })
      .returning({ id: socialOffers.id })
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      action: 'socialOffer.created',
      entityType: 'socialOffer',
      entityId: row!.id,
      details: { structureId },
    })
    return { ok: true as const, id: row!.id }
  })
}

export async function updateSocialOffer(db: Db, user: OfferWriter, offerId: string, input: unknown): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ structureId: socialOffers.structureId, source: socialOffers.source })
      .from(socialOffers)
      .where(eq(socialOffers.id, offerId))
      .for('update')
    if (!offer || !(await mayWriteOffersOf(tx, user, offer.structureId))) return NOT_FOUND
    if (offer.source !== PRODUCT_SOURCE) return { ok: false as const, error: OFFER_MESSAGES.readOnly }
    const checked = await checkedValues(tx, user, offer.structureId, input)
    if (!checked.ok) return checked
    await tx
      .update(socialOffers)
      .set({ ...checked.values, updatedAt: sql`now()` })
      .where(eq(socialOffers.id, offerId))
    await writeAudit(tx, {
      actorId: user.id,
      organisationId: user.organisationId,
      action: 'socialOffer.updated',
      entityType: 'socialOffer',
      entityId: offerId,
      details: { structureId: offer.structureId },
    })
    return { ok: true as const }
  })
}
