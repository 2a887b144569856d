import { clsx } from 'clsx'
import { offerValidityLabel } from '@/lib/offers/validity-label'

export function ValidityBadge({
  offer,
}: {
  offer: { serviceStartDate: string | null; serviceEndDate: string | null }
}) {
  const label = offerValidityLabel(offer)
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-medium',
        label === 'Offre expirée' ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800',
      )}
    >
      {label}
    </span>
  )
}
