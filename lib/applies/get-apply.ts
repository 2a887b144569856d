import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, fups, socialApplies, socialOffers } from '@/lib/db/schema'

/** Spec §7 "Fetch one social apply by id", for the partner structure that answers it: the apply, its candidate's name, its offer and its FUP. */
export async function getApplyForStructure(db: DbOrTx, structureId: string, applyId: string) {
  const [row] = await db
    .select({
      id: socialApplies.id,
      state: socialApplies.state,
      archived: socialApplies.archived,
      organisationId: socialApplies.organisationId,
      authorId: socialApplies.authorId,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      offerId: socialOffers.id,
      offerName: socialOffers.name,
      providerName: socialOffers.providerName,
      financingModes: socialOffers.financingModes,
      fup: fups,
    })
    .from(socialApplies)
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
    .where(and(eq(socialApplies.id, applyId), eq(socialApplies.structureId, structureId)))
  return row ?? null
}
export type ApplyForStructure = NonNullable<Awaited<ReturnType<typeof getApplyForStructure>>>
