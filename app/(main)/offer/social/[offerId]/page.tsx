import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { OfferApplies } from '@/components/applies/offer-applies'
import { OfferColumn } from '@/components/offers/offer-column'
import { FSE_LOGO } from '@/lib/applies/fup-schema'
import { applyFilterOptions, listAppliesByTab } from '@/lib/applies/list-by-tab'
import { parseOfferPageParams, type SearchParams } from '@/lib/applies/page-params'
import { requireUser, type CurrentUser } from '@/lib/auth/session'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { offerServiceType } from '@/lib/offers/offer-page'
import { getSocialOffer } from '@/lib/offers/queries'
import { getOwnStructure } from '@/lib/partners/queries'
import { can } from '@/lib/permissions'

type Props = { params: Promise<{ offerId: string }>; searchParams: Promise<SearchParams> }

/** Spec §2: the offer is editable in Passerelle only when it comes from Passerelle itself. */
const PRODUCT_SOURCE = 'passerelle'

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

export default async function SocialOfferPage({ params, searchParams }: Props) {
  const user = await requireUser()
  const offer = await loadOffer(user, (await params).offerId)
  if (!offer) notFound()
  const db = getDb()
  const isOwner = !!user.structureId && offer.structureId === user.structureId
  const pageParams = parseOfferPageParams(await searchParams)
  const [serviceType, applies, filterOptions, structure] = await Promise.all([
    offerServiceType(db, offer),
    isOwner
      ? listAppliesByTab(db, {
          structureId: offer.structureId,
          offerId: offer.id,
          tab: pageParams.tab,
          filters: { placeIds: pageParams.placeIds, statusValues: pageParams.statusValues },
          skip: (pageParams.page - 1) * PAGE_SIZE,
        })
      : null,
    isOwner && can(user, 'offers.social.filter') ? applyFilterOptions(db, offer.structureId) : { places: [], statuses: [] },
    isOwner ? getOwnStructure(db, offer.structureId) : null,
  ])
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <OfferColumn offer={offer} serviceType={serviceType} canEdit={offer.source === PRODUCT_SOURCE && can(user, 'candidate.socialboard.modify')} />
      {applies && structure ? (
        <OfferApplies
          offerId={offer.id}
          initial={applies}
          initialParams={pageParams}
          filterOptions={{ places: filterOptions.places, statuses: filterOptions.statuses }}
          permissions={{
            filter: can(user, 'offers.social.filter'),
            archive: can(user, 'offers.social.archive'),
            operator: can(user, 'offers.social.prescription.operator'),
            complete: can(user, 'partner.fup.complete'),
            candidateLink: can(user, 'candidate.visualize'),
          }}
          feedbackDefaults={{ name: structure.name, email: structure.email ?? '', phone: structure.phone ?? '', address: structure.addressFormatted ?? '' }}
          logoChoices={serviceType.financingModes.map((m) =>
            m.value === FSE_LOGO.value ? { ...FSE_LOGO } : { value: m.value, label: m.label, uri: `/logos/${m.value}.svg`, required: false },
          )}
        />
      ) : (
        <section aria-label="Candidatures" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700">
          Les prescriptions de cette offre sont suivies par la structure partenaire qui la propose.
        </section>
      )}
    </div>
  )
}
