import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { SocialOfferForm } from '@/components/offers/social-offer-form'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { EMPTY_OFFER, offerFormChoices, offerFormValues } from '@/lib/offers/offer-form'
import { mayWriteOffersOf } from '@/lib/offers/write-offer'
import { getOwnStructure } from '@/lib/partners/queries'

export const metadata: Metadata = { title: 'Nouvelle offre sociale' }

/** A structure's new offer, by its partner user or an administrator of a linked organisation. */
export default async function CreateSocialOfferPage({
  searchParams,
}: {
  searchParams: Promise<{ structure?: string | string[] }>
}) {
  const user = await requireUser()
  const sp = await searchParams
  const structureId = typeof sp.structure === 'string' ? sp.structure : (user.structureId ?? '')
  if (!isUuid(structureId)) notFound()
  const db = getDb()
  if (!(await mayWriteOffersOf(db, user, structureId))) notFound()
  const [structure, choices] = await Promise.all([
    getOwnStructure(db, structureId),
    offerFormChoices(db, user.organisationId),
  ])
  if (!structure) notFound()
  return (
    <>
      <PageHeader title="Nouvelle offre sociale" subtitle={structure.name} />
      <SocialOfferForm
        structureId={structure.id}
        providerName={structure.name}
        initial={{
          ...offerFormValues(EMPTY_OFFER, choices.all),
          contactMail: structure.email ?? '',
          contactPhone: structure.phone ?? '',
          addressFormatted: structure.addressFormatted ?? '',
        }}
        challenges={choices.challenges}
        financingModes={choices.financingModes}
      />
    </>
  )
}
