import type { DbOrTx } from '@/lib/db/client'
import { placementsOfCandidate } from '@/lib/job-offers/queries'
import type { SheetScope } from './sections'

/** The employment tab: the candidate's placements on job offers, each with its history. */
export async function loadSheetEmployment(db: DbOrTx, { organisationId, candidateId }: SheetScope) {
  return { placements: await placementsOfCandidate(db, organisationId, candidateId) }
}
export type SheetEmploymentData = Awaited<ReturnType<typeof loadSheetEmployment>>
