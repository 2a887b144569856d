import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, socialApplies, socialOffers } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { APPLY_STATES, type ApplyCounts, type ApplyState } from './states'
import { organisationTabCounts, tabCountsOfOffers } from './tab-counts'

export { APPLY_STATES, type ApplyCounts, type ApplyState }

const zeroCounts = (): ApplyCounts => ({ PRESCRIPTION_FILLED: 0, INTEGRATED_CANDIDATE: 0, REFUSED_STRUCTURE: 0 })

/** Non-archived applies per tab for each of the given offers, seen by one partner structure. */
export async function applyCountsByOffer(
  db: DbOrTx,
  structureId: string,
  offerIds: string[],
): Promise<Map<string, ApplyCounts>> {
  const result = new Map<string, ApplyCounts>(offerIds.map((id) => [id, zeroCounts()]))
  if (offerIds.length === 0) return result
  // The counters kept by trigger (lib/applies/tab-counts.ts), not a count of every apply of the structure's offers.
  for (const r of await tabCountsOfOffers(db, structureId, offerIds))
    if (r.state !== 'EXPIRED') result.get(r.offer_id)![r.state] = r.n
  return result
}

/** A candidate's prescriptions, for the candidate sheet (the candidate's organisation only). */
export async function appliesOfCandidate(db: DbOrTx, organisationId: string, candidateId: string) {
  return db
    .select({
      id: socialApplies.id,
      state: socialApplies.state,
      offerName: socialOffers.name,
      providerName: socialOffers.providerName,
      prescriptionDate: socialApplies.prescriptionDate,
      responseDate: socialApplies.responseDate,
      cause: socialApplies.cause,
    })
    .from(socialApplies)
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .where(and(eq(socialApplies.organisationId, organisationId), eq(socialApplies.candidateId, candidateId)))
    .orderBy(desc(socialApplies.prescriptionDate))
}

export async function applyCountsOfOrganisation(db: DbOrTx, organisationId: string): Promise<ApplyCounts> {
  // From the counters (lib/applies/tab-counts.ts): a big organisation's count(*) read 200 000 applies.
  const rows = await organisationTabCounts(db, organisationId)
  const counts = zeroCounts()
  for (const r of rows) if (r.state !== 'EXPIRED') counts[r.state] = r.n
  return counts
}

/** The partner dashboard: the structure's latest pending prescriptions across its offers. */
export async function pendingAppliesOfStructure(db: DbOrTx, structureId: string, limit = 10) {
  return db
    .select({
      id: socialApplies.id,
      offerId: socialOffers.id,
      offerName: socialOffers.name,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      prescriptionDate: socialApplies.prescriptionDate,
    })
    .from(socialApplies)
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .where(
      and(
        eq(socialApplies.structureId, structureId),
        eq(socialApplies.state, 'PRESCRIPTION_FILLED'),
        eq(socialApplies.archived, false),
      ),
    )
    .orderBy(desc(socialApplies.prescriptionDate))
    .limit(limit)
}

/** The structure's archived applies, newest archive first: where they can be found and restored. */
export async function archivedAppliesOfStructure(db: DbOrTx, structureId: string, limit = PAGE_SIZE) {
  return db
    .select({
      id: socialApplies.id,
      state: socialApplies.state,
      offerName: socialOffers.name,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      archivedAt: socialApplies.archivedAt,
    })
    .from(socialApplies)
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .where(and(eq(socialApplies.structureId, structureId), eq(socialApplies.archived, true)))
    .orderBy(desc(socialApplies.archivedAt))
    .limit(limit)
}
