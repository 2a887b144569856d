import Link from '@/components/ui/link'
import { buttonClass } from '@/components/ui/button'

/** Spec §2: shown only for this product's own offers and to users with candidate.socialboard.modify (and a writer of its structure). */
export function OfferEditButton({ offerId, offerName }: { offerId: string; offerName: string }) {
  return (
    <Link
      href={`/offer/social/${offerId}/edit`}
      className={buttonClass('secondary', 'px-3 py-1')}
      aria-label={`Modifier l’offre ${offerName}`}
    >
      Modifier
    </Link>
  )
}
