import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { applyCountsByOffer, APPLY_STATES } from '@/lib/applies/queries'
import { requireUser, type CurrentUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { getSocialOffer } from '@/lib/offers/queries'

type Props = { params: Promise<{ offerId: string }> }

/** The offer, if this user may see it: organisation users browse the directory; a partner sees its own structure's offers only. */
async function loadOffer(user: CurrentUser, offerId: string) {
  if (!isUuid(offerId)) return null
  const offer = await getSocialOffer(getDb(), offerId)
  if (!offer) return null
  if (!user.organisationId && offer.structureId !== user.structureId) return null
  return offer
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await requireUser()
  const offer = await loadOffer(user, (await params).offerId)
  // Spec §2: page title '{offer name} - {provider name}'.
  return { title: offer ? { absolute: `${offer.name} - ${offer.providerName}` } : undefined }
}

export default async function SocialOfferPage({ params }: Props) {
  const user = await requireUser()
  const offer = await loadOffer(user, (await params).offerId)
  if (!offer) notFound()
  const t = await getTranslations('applies')
  const counts = offer.structureId === user.structureId ? (await applyCountsByOffer(getDb(), offer.structureId, [offer.id])).get(offer.id) : null
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <section aria-labelledby="offer-name" className="w-full shrink-0 rounded-lg border border-slate-200 bg-white p-5 lg:w-[355px]">
        <h1 id="offer-name" className="mb-1 text-xl font-semibold">
          {offer.name}
        </h1>
        <p className="mb-3 text-sm text-slate-600">{offer.providerName}</p>
        <ValidityBadge offer={offer} />
      </section>
      <section aria-label="Candidatures" className="min-w-0 flex-1">
        {counts ? (
          <ul className="flex flex-wrap gap-2">
            {APPLY_STATES.map((state) => (
              <li key={state} className="rounded-md border border-slate-200 bg-white px-4 py-2 text-sm">
                {t(`tabs.${state}`)} <span className="ml-1 font-semibold">{counts[state]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Les prescriptions de cette offre sont suivies par la structure partenaire qui la propose.</p>
        )}
      </section>
    </div>
  )
}
