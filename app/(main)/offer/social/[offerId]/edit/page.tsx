import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { SocialOfferForm } from '@/components/offers/social-offer-form'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { offerFormChoices, offerFormValues } from '@/lib/offers/offer-form'
import { getSocialOffer } from '@/lib/offers/queries'
import { mayEditOffer } from '@/lib/offers/write-offer'

export const metadata: Metadata = { title: 'Modifier l’offre sociale' }

/** Only this product's offers, by a writer of their structure; anything else is "not found". */
export default async function EditSocialOfferPage({ params }: { params: Promise<{ offerId: string }> }) {
  const user = await requireUser()
  const { offerId } = await params
  if (!isUuid(offerId)) notFound()
  const db = getDb()
  const offer = await getSocialOffer(db, offerId)
  if (!offer || !(await mayEditOffer(db, user, offer))) notFound()
  const choices = await offerFormChoices(db, user.organisationId)
  return (
    <>
      <PageHeader title="Modifier l’offre sociale" subtitle={offer.name} />
      <SocialOfferForm
        structureId={offer.structureId}
        offerId={offer.id}
        providerName={offer.providerName}
        initial={offerFormValues(offer, choices.all)}
        challenges={choices.challenges}
        financingModes={choices.financingModes}
      />
    </>
  )
}
