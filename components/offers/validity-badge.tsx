import { OFFER_VALIDITY_TONES, StatusBadge } from '@/components/ui/status-badge'
import { offerValidityLabel } from '@/lib/offers/validity-label'

/** A social offer's validity label (spec §4) as a badge: 'Offre expirée', 'Permanente' or its dates. */
export function ValidityBadge({
  offer,
}: {
  offer: { serviceStartDate: string | null; serviceEndDate: string | null }
}) {
  const label = offerValidityLabel(offer)
  return (
    <StatusBadge tone={label === 'Offre expirée' ? OFFER_VALIDITY_TONES.expired : OFFER_VALIDITY_TONES.open}>
      {label}
    </StatusBadge>
  )
}
