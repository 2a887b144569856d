import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { cache, Suspense } from 'react'
import { OfferApplies, type AppliesLabels } from '@/components/applies/offer-applies'
import { OfferColumn } from '@/components/offers/offer-column'
import { FSE_LOGO } from '@/lib/applies/fup-schema'
import { applyFilterOptions } from '@/lib/applies/list-by-tab'
import { offerTabCounts } from '@/lib/applies/tab-counts'
import { parseOfferPageParams, type SearchParams } from '@/lib/applies/page-params'
import { APPLY_STATES, type ApplyCounts } from '@/lib/applies/states'
import { requireUser, type CurrentUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { offerServiceType } from '@/lib/offers/offer-page'
import { getDirectoryOffer } from '@/lib/offers/directory-access'
import { getSocialOffer } from '@/lib/offers/queries'
import { getOwnStructure } from '@/lib/partners/queries'
import { mayEditOffer } from '@/lib/offers/write-offer'
import { can } from '@/lib/permissions'

type Props = { params: Promise<{ offerId: string }>; searchParams: Promise<SearchParams> }


/** The offer, if this user may see it: organisation users browse the directory; a partner sees its own structure's offers only. */
const loadOffer = cache(async (user: CurrentUser, offerId: string) => {
  if (!isUuid(offerId)) return null
  const db = getDb()
  // A partner sees its own structure's offers; an organisation user, those its directory offers (its partner
  // structures' and the shared ones).
  if (user.organisationId ? !(await getDirectoryOffer(db, user.organisationId, offerId)) : false) return null
  const offer = await getSocialOffer(db, offerId)
  if (!offer) return null
  if (!user.organisationId && offer.structureId !== user.structureId) return null
  return offer
})

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
  const isOwner = !!user.structureId && offer.structureId === user.structureId
  const [serviceType, canEdit] = await Promise.all([
    offerServiceType(getDb(), offer, user.organisationId),
    mayEditOffer(getDb(), user, offer),
  ])
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <OfferColumn offer={offer} serviceType={serviceType} canEdit={canEdit} />
      {isOwner ? (
        // The offer column is sent at once; the applications stream in when their queries return.
        <Suspense fallback={<AppliesLoading />}>
          <OwnerApplies user={user} offer={offer} financingModes={serviceType.financingModes} searchParams={searchParams} />
        </Suspense>
      ) : (
        <section aria-label="Candidatures" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700">
          Les prescriptions de cette offre sont suivies par la structure partenaire qui la propose.
        </section>
      )}
    </div>
  )
}

type Offer = NonNullable<Awaited<ReturnType<typeof loadOffer>>>

/** The partner's applications area: its list, counts and filter choices. */
async function OwnerApplies({ user, offer, financingModes, searchParams }: { user: CurrentUser; offer: Offer; financingModes: { value: string; label: string }[]; searchParams: Promise<SearchParams> }) {
  const db = getDb()
  const pageParams = parseOfferPageParams(await searchParams)
  // Issue 16 §1: the page reads only the tabs' counters (not the rows: the browser asks /api/offers/{id}/applies for
  // them once the page is shown); with filters in the URL, the counts come with the filtered rows.
  const filtered = pageParams.placeIds.length > 0 || pageParams.statusValues.length > 0
  const [counts, filterOptions, structure, t] = await Promise.all([
    filtered ? null : offerTabCounts(db).execute({ offerId: offer.id, structureId: offer.structureId }),
    can(user, 'offers.social.filter') ? applyFilterOptions(db, offer.structureId) : { places: [], statuses: [] },
    getOwnStructure(db, offer.structureId),
    getTranslations('applies'),
  ])
  if (!structure) notFound()
  return (
    <OfferApplies
      offerId={offer.id}
      initialCounts={counts && (Object.fromEntries(APPLY_STATES.map((state) => [state, counts.find((c) => c.state === state)?.n ?? 0])) as ApplyCounts)}
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
      logoChoices={financingModes.map((m) =>
        m.value === FSE_LOGO.value ? { ...FSE_LOGO } : { value: m.value, label: m.label, uri: `/logos/${m.value}.svg`, required: false },
      )}
      labels={{
        tabs: Object.fromEntries(APPLY_STATES.map((state) => [state, t(`tabs.${state}`)])) as AppliesLabels['tabs'],
        integratedCount: t.raw('integratedCount') as string,
        refusedCount: t.raw('refusedCount') as string,
        archive: t('archive'),
        fupSent: t('fupSent'),
        noFup: t('noFup'),
        manualPrescription: t('manualPrescription'),
        prescriptionFile: t('prescriptionFile'),
      }}
    />
  )
}

function AppliesLoading() {
  return (
    <section aria-label="Candidatures" aria-busy="true" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-5">
      <p className="text-sm text-slate-600" role="status">
        Chargement des prescriptions…
      </p>
      <div className="mt-4 space-y-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-8 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </section>
  )
}
