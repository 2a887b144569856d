import { and, eq, sql } from 'drizzle-orm'
import { parisToday } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, partnerStructures, socialOffers } from '@/lib/db/schema'
import { openToOrganisation } from '@/lib/offers/directory-access'
import { barriersFound, type Barrier } from './questionnaire'

export const SUGGESTIONS_LIMIT = 10

/** The first French postcode of an address ('8 rue de la Barre, 76200 Dieppe' → '76200'). */
export const postcodeOf = (address: string | null | undefined) => /\b(\d{5})\b/.exec(address ?? '')?.[1] ?? null

/**
 * The diagnosis summary's suggestions: the open offers the organisation may prescribe (its structures' and the shared
 * ones, not expired) whose tags meet the barriers found, nearest first — the same postcode as the candidate's address,
 * then the same département, then the rest (addresses are not geocoded: the postcode is the distance Passerelle knows)
 * — then those meeting the most barriers, then by name. Each with the barriers it answers.
 */
export async function suggestedOffers(
  db: DbOrTx,
  organisationId: string,
  candidateId: string,
  barriers: readonly Barrier[],
  now: Date,
) {
  const found = barriersFound(barriers)
  const tags = [...new Set(found.flatMap((b) => b.tags))]
  if (tags.length === 0) return []
  const [candidate] = await db
    .select({ address: candidates.addressFormatted })
    .from(candidates)
    .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
  const postcode = postcodeOf(candidate?.address)
  const tagArray = sql`${`{${tags.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`
  const offerPostcode = sql`substring(${socialOffers.addressFormatted} from '\\m(\\d{5})\\M')`
  const distance = postcode
    ? sql<number>`case when ${offerPostcode} = ${postcode} then 0 when left(${offerPostcode}, 2) = ${postcode.slice(0, 2)} then 1 else 2 end`
    : sql<number>`2`
  const rows = await db
    .select({
      id: socialOffers.id,
      name: socialOffers.name,
      providerName: socialOffers.providerName,
      addressFormatted: socialOffers.addressFormatted,
      tags: socialOffers.tags,
      distance,
    })
    .from(socialOffers)
    .innerJoin(partnerStructures, eq(partnerStructures.id, socialOffers.structureId))
    .where(
      and(
        openToOrganisation(organisationId),
        sql`${socialOffers.tags} && ${tagArray}`,
        sql`(${socialOffers.serviceEndDate} is null or ${socialOffers.serviceEndDate} >= ${parisToday(now)})`,
      ),
    )
    .orderBy(
      distance,
      sql`cardinality(array(select unnest(${socialOffers.tags}) intersect select unnest(${tagArray}))) desc`,
      socialOffers.name,
      socialOffers.id,
    )
    .limit(SUGGESTIONS_LIMIT)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    providerName: r.providerName,
    addressFormatted: r.addressFormatted,
    nearby: r.distance === 0 ? 'même commune' : r.distance === 1 ? 'même département' : null,
    answers: found.filter((b) => b.tags.some((t) => r.tags.includes(t))).map((b) => b.name),
  }))
}
