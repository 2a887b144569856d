import { clsx } from 'clsx'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { cache, Suspense } from 'react'
import { OfferApplies, type AppliesLabels } from '@/components/applies/offer-applies'
import { OfferDetails, OfferSummary } from '@/components/offers/offer-blocks'
import { OfferPlaces } from '@/components/offers/offer-places'
import { PrescribeButton } from '@/components/prescriptions/prescribe-button'
import { fullName } from '@/lib/person-name'
import { FSE_LOGO } from '@/lib/prescriptions/fup-answer-schema'
import {
  type OfferPageParams,
  offerPageQuery,
  parseOfferPageParams,
  type SearchParams,
} from '@/lib/prescriptions/page-params'
import { applyFilterOptions, listAppliesByTab } from '@/lib/prescriptions/partner-lists'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import { prescriberDefaults } from '@/lib/prescriptions/prescription-sheet'
import { listOrganisationApplies } from '@/lib/prescriptions/referent-lists'
import { APPLY_STATES } from '@/lib/prescriptions/states'
import { offerWaitlist, waitlistLength } from '@/lib/prescriptions/waitlist'
import { requireUser, type CurrentUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { PAGE_SIZE } from '@/lib/constants'
import { parisToday } from '@/lib/dates'
import { formatCount } from '@/lib/numbers'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { offerForViewer, type ViewedOffer } from '@/lib/offers/access'
import { offerServiceType } from '@/lib/offers/offer-page'
import { mayEditOffer } from '@/lib/offers/write-offer'
import { getOwnStructure } from '@/lib/partners/queries'
import { can } from '@/lib/permissions'

type Props = { params: Promise<{ offerId: string }>; searchParams: Promise<SearchParams> }
type Offer = ViewedOffer['offer']

/** The offer as this user may see it (lib/offers/access.ts), read once per request. */
const loadOffer = cache((user: CurrentUser, offerId: string) => offerForViewer(getDb(), user, offerId))

/**
 * The page's own address, ids only (tab, place ids, status codes, socialApplyId): a signed-out visitor comes back here
 * after the login page (the partner's emailed link opens the FUP dialog once signed in).
 */
async function ownPath({
  params,
  searchParams,
}: Props): Promise<{ offerId: string; pageParams: OfferPageParams; path?: string }> {
  const [{ offerId }, query] = await Promise.all([params, searchParams])
  const pageParams = parseOfferPageParams(query)
  return {
    offerId,
    pageParams,
    path: isUuid(offerId) ? `/offer/social/${offerId}${offerPageQuery(pageParams)}` : undefined,
  }
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { offerId, path } = await ownPath(props)
  const viewed = await loadOffer(await requireUser({ returnTo: path }), offerId)
  // Spec §2: page title '{offer name} - {provider name}'.
  return { title: viewed ? { absolute: `${viewed.offer.name} - ${viewed.offer.providerName}` } : undefined }
}

// Below 1 440 px the 355 px column would leave the tables too little room: the offer's name and service type come
// first, then the applications, then the rest of the offer (a phone reaches the list at once). Class names are
// written out whole: Tailwind finds them in the source.

export default async function SocialOfferPage(props: Props) {
  const { offerId, pageParams, path } = await ownPath(props)
  const user = await requireUser({ returnTo: path })
  const viewed = await loadOffer(user, offerId)
  if (!viewed) notFound()
  const { offer, audience } = viewed
  const db = getDb()
  const [serviceType, canEdit] = await Promise.all([
    offerServiceType(db, offer, user.organisationId),
    mayEditOffer(db, user, offer),
  ])
  return (
    <div
      className={clsx(
        'grid grid-cols-1 gap-6',
        'min-[1440px]:grid-cols-[355px_minmax(0,1fr)] min-[1440px]:grid-rows-[auto_1fr] min-[1440px]:items-start',
      )}
    >
      <OfferSummary offer={offer} canEdit={canEdit} className="min-[1440px]:col-start-1 min-[1440px]:row-start-1" />
      <div className="flex min-w-0 flex-col gap-6 min-[1440px]:col-start-2 min-[1440px]:row-span-2 min-[1440px]:row-start-1">
        {offer.freePlaces !== null || (audience === 'owner' && can(user, 'partner.fup.complete')) ? (
          <Suspense>
            {audience === 'owner' ? (
              can(user, 'partner.fup.complete') && <OwnerPlaces offer={offer} />
            ) : (
              <PlacesNote offer={offer} />
            )}
          </Suspense>
        ) : null}
        {/* The offer's blocks are sent at once; the applications (their first rows) stream in when read. */}
        <Suspense fallback={<AppliesLoading />}>
          {audience === 'owner' ? (
            <OwnerApplies
              user={user}
              offer={offer}
              financingModes={serviceType.financingModes}
              pageParams={pageParams}
            />
          ) : (
            <OrganisationApplies user={user} offer={offer} pageParams={pageParams} />
          )}
        </Suspense>
      </div>
      <OfferDetails
        offer={offer}
        serviceType={serviceType}
        className="min-[1440px]:col-start-1 min-[1440px]:row-start-2"
      />
    </div>
  )
}

async function appliesLabels(): Promise<AppliesLabels> {
  const t = await getTranslations('applies')
  return {
    tabs: Object.fromEntries(APPLY_STATES.map((state) => [state, t(`tabs.${state}`)])) as AppliesLabels['tabs'],
    integratedCount: t.raw('integratedCount') as string,
    refusedCount: t.raw('refusedCount') as string,
    archive: t('archive'),
    fupSent: t('fupSent'),
    noFup: t('noFup'),
    manualPrescription: t('manualPrescription'),
    prescriptionFile: t('prescriptionFile'),
  }
}

const NO_PERMISSIONS = { filter: false, archive: false, operator: false, complete: false, candidateLink: false }

/** The partner's applications area: its list, counts and filter choices. */
async function OwnerApplies({
  user,
  offer,
  financingModes,
  pageParams,
}: {
  user: CurrentUser
  offer: Offer
  financingModes: { value: string; label: string }[]
  pageParams: OfferPageParams
}) {
  const db = getDb()
  // The URL's tab, filters and page, read as /api/offers/{id}/applies reads them for the later ones.
  const { tab, placeIds, statusValues, page } = pageParams
  const [initial, filterOptions, structure, labels] = await Promise.all([
    listAppliesByTab(db, {
      structureId: offer.structureId,
      offerId: offer.id,
      tab,
      filters: { placeIds, statusValues },
      skip: (page - 1) * PAGE_SIZE,
    }),
    can(user, 'offers.social.filter') ? applyFilterOptions(db, offer.structureId) : { places: [], statuses: [] },
    getOwnStructure(db, offer.structureId),
    appliesLabels(),
  ])
  if (!structure) notFound()
  return (
    <OfferApplies
      offerId={offer.id}
      source="partner"
      initial={initial}
      initialParams={pageParams}
      filterOptions={{ places: filterOptions.places, statuses: filterOptions.statuses }}
      permissions={{
        filter: can(user, 'offers.social.filter'),
        archive: can(user, 'offers.social.archive'),
        operator: can(user, 'offers.social.prescription.operator'),
        complete: can(user, 'partner.fup.complete'),
        candidateLink: can(user, 'candidate.visualize'),
      }}
      feedbackDefaults={{
        name: structure.name,
        email: structure.email ?? '',
        phone: structure.phone ?? '',
        address: structure.addressFormatted ?? '',
        // The partner answering is, most often, the person who follows the candidate: their own name, editable.
        accompanierName: fullName(user),
      }}
      logoChoices={financingModes.map((m) =>
        m.value === FSE_LOGO.value
          ? { ...FSE_LOGO }
          : { value: m.value, label: m.label, uri: `/logos/${m.value}.svg`, required: false },
      )}
      labels={labels}
    />
  )
}

/**
 * A referent or counsellor sees their own organisation's prescriptions to this offer in the same three
 * tabs, read-only (the partner's answers included), and prescribes from here. Nothing of another organisation's.
 */
async function OrganisationApplies({
  user,
  offer,
  pageParams,
}: {
  user: CurrentUser
  offer: Offer
  pageParams: OfferPageParams
}) {
  const organisationId = user.organisationId!
  const db = getDb()
  const today = now()
  const mayRead = can(user, 'candidate.visualize')
  // The organisation's list has neither filters nor search: the URL's tab and page only.
  const initialParams = { ...pageParams, placeIds: [], statusValues: [], socialApplyId: null }
  const [initial, prescriber, labels] = await Promise.all([
    mayRead
      ? listOrganisationApplies(db, {
          organisationId,
          offerId: offer.id,
          tab: pageParams.tab,
          skip: (pageParams.page - 1) * PAGE_SIZE,
        })
      : null,
    mayPrescribe(user, offer, today) ? prescriberDefaults(db, user.id, organisationId) : null,
    appliesLabels(),
  ])
  const prescribe = prescriber && (
    <PrescribeButton
      target={{ kind: 'offer', offer: { id: offer.id, name: offer.name, providerName: offer.providerName } }}
      defaults={prescriber}
      today={parisToday(today)}
      accessibleLabel={`Prescrire à l’offre ${offer.name}`}
    />
  )
  if (!initial) {
    return (
      <section
        aria-label="Candidatures"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700"
      >
        <p>Les prescriptions de cette offre sont suivies par la structure partenaire qui la propose.</p>
        {prescribe && <div>{prescribe}</div>}
      </section>
    )
  }
  return (
    <OfferApplies
      // A prescription made here (router.refresh) changes the counts: the list is read again.
      key={APPLY_STATES.map((s) => initial.counts[s]).join('-')}
      offerId={offer.id}
      source="organisation"
      initial={initial}
      initialParams={initialParams}
      filterOptions={{ places: [], statuses: [] }}
      permissions={{ ...NO_PERMISSIONS, candidateLink: true }}
      labels={labels}
      intro="Les prescriptions de votre organisation à cette offre, et les réponses du partenaire."
      action={prescribe || undefined}
    />
  )
}

/** The partner's places and line (issue 40 §4): its own structure's offer only. */
async function OwnerPlaces({ offer }: { offer: Offer }) {
  const waitlist = await offerWaitlist(getDb(), offer.structureId, offer.id)
  return (
    <OfferPlaces
      offerId={offer.id}
      freePlaces={offer.freePlaces}
      waitlist={waitlist.map((w) => ({
        id: w.id,
        rank: w.rank,
        name: fullName(w),
        organisationName: w.organisationName,
        waitlistedAt: w.waitlistedAt,
      }))}
    />
  )
}

/** What a referent knows before prescribing to an offer that publishes places: free ones, or a line (how long). */
async function PlacesNote({ offer }: { offer: Offer }) {
  const free = offer.freePlaces ?? 0
  const waiting = free > 0 ? 0 : await waitlistLength(getDb(), offer.id)
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700" role="note">
      {free > 0
        ? `${formatCount(free, 'place libre', 'places libres')} à cette offre.`
        : `Cette offre est complète\u00a0: une prescription y est mise en liste d’attente${waiting > 0 ? `, après ${formatCount(waiting, 'personne', 'personnes')}` : ''}, et parvient au partenaire dès qu’une place se libère.`}
    </p>
  )
}

function AppliesLoading() {
  return (
    <section aria-label="Candidatures" aria-busy="true" className="rounded-lg border border-slate-200 bg-white p-5">
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
