import type { DbOrTx } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getDirectoryOffer } from './directory-access'
import { getSocialOffer } from './queries'

/** Who opens an offer page: an organisation's user (referent, counsellor, admin) or a partner structure's user. */
export type OfferViewer = { organisationId: string | null; structureId: string | null }

/**
 * How a viewer sees the offer: 'owner', the partner structure that provides it (answers its prescriptions);
 * 'organisation', an organisation that may prescribe to it (its own prescriptions, read-only).
 */
export type OfferAudience = 'owner' | 'organisation'

/**
 * The social offer page's access rule: an organisation user sees the offers of its directory (its partner
 * structures' and the shared ones); a partner sees its own structure's offers only. Anything else, an id that is not
 * a uuid included, is null: the page answers "not found", never "forbidden".
 */
export async function offerForViewer(db: DbOrTx, viewer: OfferViewer, offerId: string) {
  if (!isUuid(offerId)) return null
  if (viewer.organisationId) {
    if (!(await getDirectoryOffer(db, viewer.organisationId, offerId))) return null
    const offer = await getSocialOffer(db, offerId)
    if (!offer) return null
    const audience: OfferAudience = viewer.structureId === offer.structureId ? 'owner' : 'organisation'
    return { offer, audience }
  }
  if (!viewer.structureId) return null
  const offer = await getSocialOffer(db, offerId)
  if (!offer || offer.structureId !== viewer.structureId) return null
  return { offer, audience: 'owner' as OfferAudience }
}

export type ViewedOffer = NonNullable<Awaited<ReturnType<typeof offerForViewer>>>
