'use client'

import { Icon } from '@/components/ui/icon'
import Link from '@/components/ui/link'
import { OFFER_VALIDITY_TONES, StatusBadge } from '@/components/ui/status-badge'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import type { PrescriberDefaults } from '@/lib/prescriptions/prescription-sheet'

/** One offer of the directory as the server prepared it: its place and validity already in words. */
export type OfferCardData = {
  id: string
  name: string
  providerName: string
  place: string | null
  validity: string
  challenges: { id: string; name: string }[]
  financingModes: { value: string; label: string }[]
  expired: boolean
}

/**
 * The directory's offers as cards: name (to the offer page), provider, place, validity, challenges, financing modes,
 * "Prescrire". One client component fed with the offers' data: rendered on the server as 50 cards, each was its whole
 * element tree and a client button of its own in the page's RSC payload.
 */
export function OfferCards({
  offers,
  prescriber,
  today,
}: {
  offers: OfferCardData[]
  prescriber: PrescriberDefaults | null
  today: string
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Offres sociales">
      {offers.map((offer) => (
        <li key={offer.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div>
            <h2 id={`offer-${offer.id}`} className="text-base font-semibold">
              <Link href={`/offer/social/${offer.id}`}>{offer.name}</Link>
            </h2>
            <p className="text-sm text-slate-700">{offer.providerName}</p>
            {offer.place && (
              <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
                <Icon name="map-pin" size={12} /> {offer.place}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge tone={offer.expired ? OFFER_VALIDITY_TONES.expired : OFFER_VALIDITY_TONES.open}>
              {offer.validity}
            </StatusBadge>
            {offer.challenges.map((c) => (
              <span key={c.id} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-800">
                {c.name}
              </span>
            ))}
            {offer.financingModes.map((m) => (
              <span key={m.value} className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs text-slate-700">
                <span className="sr-only">Financement : </span>
                {m.label}
              </span>
            ))}
          </div>
          {prescriber && (
            <div className="mt-auto">
              {offer.expired ? (
                <p className="text-xs text-slate-600">Offre expirée&nbsp;: elle ne reçoit plus de prescription.</p>
              ) : (
                <PrescribeButton
                  target={{
                    kind: 'offer',
                    offer: { id: offer.id, name: offer.name, providerName: offer.providerName },
                  }}
                  defaults={prescriber}
                  today={today}
                  accessibleLabel={`Prescrire à l’offre ${offer.name}`}
                />
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
