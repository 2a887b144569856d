import { applyCountsByOffer } from '@/lib/prescriptions/counts'
import { answersDueOfStructure } from '@/lib/prescriptions/partner-answers-due'
import {
  archivedAppliesOfStructure,
  expiredAppliesOfStructure,
  pendingAppliesOfStructure,
} from '@/lib/prescriptions/partner-lists'
import { now as clockNow } from '@/lib/clock'
import { PAGE_SIZE } from '@/lib/constants'
import type { DbOrTx } from '@/lib/db/client'
import { socialOffersOfStructure } from '@/lib/offers/queries'
import { getOwnStructure } from '@/lib/partners/queries'
import { structureAnswerDelaysForDashboard } from '@/lib/statistics/answer-delay-summaries'

/**
 * /partners/structure/dashboard's read model, all of one partner structure: the structure, its social offers with
 * their non-archived applies per tab, its latest pending prescriptions, those that expired unanswered in the last 90
 * days (out of the three tabs: they can no longer be answered), and its archived applies when `withArchived`
 * (the holders of offers.social.archive: the `archivedRows` most recently archived), and how many answers are due within
 * 7 days at `now`; its own answer delays over the last 12 months (the statistics' default period, the current month
 * included), across every organisation that prescribes to it, as counts only: the hourly summary and its instant
 * (`answerDelaysAsOf`), or computed now. Null when the structure does not exist.
 */
export async function partnerDashboard(
  db: DbOrTx,
  structureId: string,
  {
    withArchived,
    archivedRows = PAGE_SIZE,
    now = clockNow(),
  }: { withArchived: boolean; archivedRows?: number; now?: Date },
) {
  const [structure, offers, pending, expired, archived, answersDue, delays] = await Promise.all([
    getOwnStructure(db, structureId),
    socialOffersOfStructure(db, structureId),
    pendingAppliesOfStructure(db, structureId),
    expiredAppliesOfStructure(db, structureId, now),
    withArchived ? archivedAppliesOfStructure(db, structureId, archivedRows) : [],
    answersDueOfStructure(db, structureId, now),
    structureAnswerDelaysForDashboard(db, structureId, now),
  ])
  if (!structure) return null
  const counts = await applyCountsByOffer(
    db,
    structureId,
    offers.map((o) => o.id),
  )
  return {
    structure,
    offers,
    counts,
    pending,
    expired,
    archived,
    answersDue,
    answerDelays: delays.figures,
    answerDelaysAsOf: delays.asOf,
  }
}
