import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisationPartnerStructures, partnerStructures, socialOffers } from '@/lib/db/schema'
import { parisToday } from '@/lib/dates'
import { now as clockNow } from '@/lib/clock'

/**
 * The partner structures an organisation works with: those it links to (organisation_partner_structures),
 * and the structures shared by all (partner_structures.organisation_id null). To be used on partner_structures.
 */
export function openToOrganisation(organisationId: string): SQL {
  return or(
    isNull(partnerStructures.organisationId),
    sql`exists (select 1 from ${organisationPartnerStructures} where ${organisationPartnerStructures.structureId} = ${partnerStructures.id} and ${organisationPartnerStructures.organisationId} = ${organisationId})`,
  )!
}

/** Spec §4: an offer whose end date is past (Paris) is expired; it stays in the directory but takes no prescription. */
export function isExpired(offer: { serviceEndDate: string | null }, now: Date = clockNow()): boolean {
  return !!offer.serviceEndDate && offer.serviceEndDate < parisToday(now)
}

/**
 * Where an offer is: the town of its address, or else of its partner structure's address ('76000 Rouen').
 * The directory's "Lieu" filter reads this: offers carry no département field, and most referents search by town.
 * Both towns are stored columns that PostgreSQL derives from the addresses (drizzle/0079): a view reads them, it
 * does not run a regular expression over every visible offer.
 */
export const offerPlace = sql<
  string | null
>`(case when ${socialOffers.addressFormatted} is null then ${partnerStructures.addressPlace} else ${socialOffers.addressPlace} end)`

/** One offer the organisation may see in its directory (expired or not), with what a prescription needs; else null. */
export async function getDirectoryOffer(db: DbOrTx, organisationId: string, offerId: string) {
  const [row] = await db
    .select({
      id: socialOffers.id,
      name: socialOffers.name,
      structureId: socialOffers.structureId,
      providerName: socialOffers.providerName,
      serviceEndDate: socialOffers.serviceEndDate,
      financingModes: socialOffers.financingModes,
    })
    .from(socialOffers)
    .innerJoin(partnerStructures, eq(partnerStructures.id, socialOffers.structureId))
    .where(and(eq(socialOffers.id, offerId), openToOrganisation(organisationId)))
  return row ?? null
}
