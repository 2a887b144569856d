import { formatDate } from '@/lib/dates'
import { formatCount } from '@/lib/numbers'
import { OfferPlacesForm } from './offer-places-form'

export type WaitlistEntry = {
  id: string
  rank: number
  name: string
  organisationName: string
  waitlistedAt: Date
}

/** What the line says of the free places. */
function placesSentence(freePlaces: number | null, waiting: number): string {
  if (freePlaces === null)
    return 'Cette offre ne publie pas de places\u00a0: chaque prescription vous parvient aussitôt.'
  if (freePlaces > 0)
    return `${formatCount(freePlaces, 'place libre', 'places libres')}\u00a0: chaque nouvelle prescription en prend une.`
  return waiting > 0
    ? `Complet\u00a0: ${formatCount(waiting, 'prescription attend', 'prescriptions attendent')} une place, dans l’ordre ci-dessous.`
    : 'Complet\u00a0: les prochaines prescriptions seront mises en liste d’attente.'
}

/**
 * « Places et liste d’attente » on the partner's own offer page (issue 40 §4): the free places it publishes, a button
 * that frees one (the form, a client component: ./offer-places-form.tsx), and its line in order, drawn on the server. A
 * freed place goes to the first in line at once, and both sides are told.
 */
export function OfferPlaces({
  offerId,
  freePlaces,
  waitlist,
}: {
  offerId: string
  freePlaces: number | null
  waitlist: WaitlistEntry[]
}) {
  return (
    <section aria-labelledby="offer-places" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="offer-places" className="mb-1 text-base font-semibold">
        Places et liste d’attente
      </h2>
      <p className="mb-3 text-sm text-slate-700">{placesSentence(freePlaces, waitlist.length)}</p>
      <OfferPlacesForm offerId={offerId} freePlaces={freePlaces} />
      {waitlist.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold">
            Liste d’attente ({formatCount(waitlist.length, 'personne', 'personnes')})
          </h3>
          <ol className="flex flex-col gap-1 text-sm" aria-label="Liste d’attente, dans l’ordre">
            {waitlist.map((w) => (
              <li key={w.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">Rang {w.rank}</span>
                <span>{w.name}</span>
                <span className="text-slate-600">
                  {w.organisationName}, depuis le {formatDate(w.waitlistedAt)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  )
}
