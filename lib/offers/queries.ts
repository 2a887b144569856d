import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { socialOffers } from '@/lib/db/schema'

/** What an offer card shows (the partner dashboard, the directory). */
export const offerCard = {
  id: socialOffers.id,
  name: socialOffers.name,
  providerName: socialOffers.providerName,
  serviceStartDate: socialOffers.serviceStartDate,
  serviceEndDate: socialOffers.serviceEndDate,
  financingModes: socialOffers.financingModes,
  tags: socialOffers.tags,
}

const offersOfStructure = (db: DbOrTx) =>
  prepared(db, 'structure_offers', (name) =>
    db
      .select(offerCard)
      .from(socialOffers)
      .where(eq(socialOffers.structureId, sql.placeholder('structureId')))
      .orderBy(asc(socialOffers.name))
      .prepare(name),
  )

/** The social offers directory: partners publish their offers to every referent. Their dashboard reads them: prepared. */
export async function socialOffersOfStructure(db: DbOrTx, structureId: string) {
  return offersOfStructure(db).execute({ structureId })
}

/** An offer by id: read by every offer page and form, so prepared once (lib/db/prepared.ts). */
const socialOfferById = (db: DbOrTx) =>
  prepared(db, 'social_offer_by_id', (name) =>
    db
      .select()
      .from(socialOffers)
      .where(eq(socialOffers.id, sql.placeholder('id')))
      .prepare(name),
  )

export async function getSocialOffer(db: DbOrTx, id: string) {
  const [row] = await socialOfferById(db).execute({ id })
  return row ?? null
}
