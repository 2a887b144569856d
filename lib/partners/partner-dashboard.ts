import { applyCountsByOffer } from '@/lib/prescriptions/counts'
import { archivedAppliesOfStructure, pendingAppliesOfStructure } from '@/lib/prescriptions/partner-lists'
import type { DbOrTx } from '@/lib/db/client'
import { socialOffersOfStructure } from '@/lib/offers/queries'
import { getOwnStructure } from '@/lib/partners/queries'

/**
 * /partners/structure/dashboard's read model, all of one partner structure: the structure, its social offers with
 * their non-archived applies per tab, its latest pending prescriptions, and its archived applies when `withArchived`
 * (the holders of offers.social.archive). Null when the structure does not exist.
 */
export async function partnerDashboard(db: DbOrTx, structureId: string, { withArchived }: { withArchived: boolean }) {
  const [structure, offers, pending, archived] = await Promise.all([
    getOwnStructure(db, structureId),
    socialOffersOfStructure(db, structureId),
    pendingAppliesOfStructure(db, structureId),
    withArchived ? archivedAppliesOfStructure(db, structureId) : [],
  ])
  if (!structure) return null
  const counts = await applyCountsByOffer(
    db,
    structureId,
    offers.map((o) => o.id),
  )
  return { structure, offers, counts, pending, archived }
}
