import { NavLink } from '@/components/ui/nav-link'
import { MapPin } from 'lucide-react'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import type { DirectoryOffer } from '@/lib/offers/directory'
import { placeLabel } from '@/lib/offers/directory'
import type { PrescriberDefaults } from '@/lib/prescriptions/queries'

/** One offer of the directory: name (to the offer page), provider, place, validity, challenges, financing modes, "Prescrire". */
export function OfferCard({ offer, prescriber, today }: { offer: DirectoryOffer; prescriber: PrescriberDefaults | null; today: string }) {
  const headingId = `offer-${offer.id}`
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id={headingId} className="text-base font-semibold">
          <NavLink href={`/offer/social/${offer.id}`}>{offer.name}</NavLink>
        </h2>
        <p className="text-sm text-slate-700">{offer.providerName}</p>
        {offer.place && (
          <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
            <MapPin aria-hidden size={12} /> {placeLabel(offer.place)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <ValidityBadge offer={offer} />
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
            <p className="text-xs text-slate-600">Offre expirée : elle ne reçoit plus de prescription.</p>
          ) : (
            <PrescribeButton
              target={{ kind: 'offer', offer: { id: offer.id, name: offer.name, providerName: offer.providerName } }}
              defaults={prescriber}
              today={today}
              accessibleLabel={`Prescrire à l’offre ${offer.name}`}
            />
          )}
        </div>
      )}
    </li>
  )
}
