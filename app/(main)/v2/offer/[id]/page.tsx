import { notFound } from 'next/navigation'
import { Suspense } from 'react'
import { JobOfferDialogButton } from '@/components/job-offers/job-offer-form'
import { PlaceCandidatesDialog } from '@/components/job-offers/place-candidates'
import { SuggestionsPanel } from '@/components/job-offers/suggestions-panel'
import { PlacementStatusButton } from '@/components/job-offers/placement-status'
import { JobOfferStatusBadge, PlacementStatusBadge } from '@/components/job-offers/status-badges'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { DetailList } from '@/components/ui/detail-list'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { formatDate, formatDateTime, parisDateTimeInput } from '@/lib/dates'
import { fullName, listName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { contractLabel, salaryLabel, WORKING_TIMES } from '@/lib/job-offers/labels'
import { getJobOffer, placementsOfOffer } from '@/lib/job-offers/queries'
import { suggestCandidates } from '@/lib/job-offers/suggestions'
import { logError } from '@/lib/log'
import { formatNumber } from '@/lib/numbers'
import { sanitizeDescription } from '@/lib/offers/sanitize-description'
import { can } from '@/lib/permissions'

export const generateMetadata = pageMetadata('offer')

/**
 * A job offer's page: the offer, its enterprise and contacts, the candidates placed on it with their
 * status, "Positionner des candidats" and the suggestions. Another organisation's offer is "not found".
 */
export default async function JobOfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(id)) notFound()
  const db = getDb()
  const offer = await getJobOffer(db, user.organisationId, id)
  if (!offer) notFound()
  // The offer goes first; the placements stream in, then the suggestions (the page's most expensive read).
  const canPlace = can(user, 'candidate.placement.modify')
  const canEdit = can(user, 'offers.job.modify') && !!offer.enterpriseId
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={offer.title}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            {offer.enterpriseName && offer.enterpriseId && (
              <Link href={`/v2/enterprise/${offer.enterpriseId}`}>{offer.enterpriseName}</Link>
            )}
            <JobOfferStatusBadge status={offer.status} />
            <ValidityBadge offer={{ serviceStartDate: offer.validFrom, serviceEndDate: offer.validUntil }} />
            <span>
              {offer.positionsFilled} / {offer.positions} poste{offer.positions > 1 ? 's' : ''} pourvu
              {offer.positionsFilled > 1 ? 's' : ''}
            </span>
          </span>
        }
        actions={
          <>
            {canEdit && <EditOfferButton offer={offer} />}
            {canPlace && offer.status === 'open' && <PlaceCandidatesDialog jobOfferId={offer.id} />}
          </>
        }
      />
      <OfferDetails offer={offer} />
      <Suspense fallback={<p className="text-sm text-slate-700">Chargement des candidats positionnés…</p>}>
        <Placements
          organisationId={user.organisationId}
          offer={offer}
          canPlace={canPlace}
          linkCandidates={can(user, 'candidate.visualize')}
        />
      </Suspense>
    </div>
  )
}

type Offer = NonNullable<Awaited<ReturnType<typeof getJobOffer>>>

/** "Modifier l’offre": the job offer form, filled with the offer. */
function EditOfferButton({ offer }: { offer: Offer }) {
  return (
    <JobOfferDialogButton
      label="Modifier l’offre"
      enterpriseId={offer.enterpriseId!}
      jobOfferId={offer.id}
      initial={{
        title: offer.title,
        romeCode: offer.romeCode ?? '',
        contractType: offer.contractType ?? '',
        workingTime: offer.workingTime,
        weeklyHours: offer.weeklyHours ?? '',
        placeId: offer.placeId ?? '',
        addressFormatted: offer.addressFormatted ?? '',
        startDate: offer.startDate ?? '',
        endDate: offer.endDate ?? '',
        positions: String(offer.positions),
        salaryMin: offer.salaryMin == null ? '' : String(offer.salaryMin),
        salaryMax: offer.salaryMax == null ? '' : String(offer.salaryMax),
        description: offer.description,
        status: offer.status,
        validFrom: offer.validFrom ?? '',
        validUntil: offer.validUntil ?? '',
      }}
    />
  )
}

/** The offer (contract, place, dates, salary, description) beside its enterprise and contacts. */
function OfferDetails({ offer }: { offer: Offer }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="offer-title" className="flex flex-col gap-3">
        <h2 id="offer-title" className="sr-only">
          L’offre
        </h2>
        <DetailList
          items={[
            [
              'Contrat',
              [
                contractLabel(offer.contractType),
                WORKING_TIMES[offer.workingTime as keyof typeof WORKING_TIMES],
                offer.weeklyHours ? `${formatNumber(Number(offer.weeklyHours))}\u00a0h par semaine` : null,
              ]
                .filter(Boolean)
                .join(' · '),
            ],
            ['Code ROME', offer.romeCode],
            ['Lieu', [offer.place, offer.addressFormatted].filter(Boolean).join(' · ')],
            ['Début', offer.startDate ? formatDate(offer.startDate) : null],
            ['Fin du contrat', offer.endDate ? formatDate(offer.endDate) : null],
            ['Salaire', salaryLabel(offer.salaryMin, offer.salaryMax)],
          ]}
        />
        {offer.description && (
          <div
            className="offer-description rounded-lg border border-slate-200 bg-white p-5 text-sm"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(offer.description) }}
          />
        )}
      </section>
      <aside
        aria-labelledby="enterprise-contact-title"
        className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 text-sm"
      >
        <h2 id="enterprise-contact-title" className="font-semibold">
          Entreprise et contact
        </h2>
        {offer.enterpriseName ? <p className="font-medium">{offer.enterpriseName}</p> : <p>Aucune entreprise.</p>}
        {offer.enterpriseAddress && <p>{offer.enterpriseAddress}</p>}
        {offer.contacts.map((c, i) => (
          <div key={i} className="border-t border-slate-100 pt-2">
            <p className="font-medium">
              {c.name}
              {c.role ? ` · ${c.role}` : ''}
            </p>
            {c.phone && <p>{formatPhone(c.phone)}</p>}
            {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}
          </div>
        ))}
      </aside>
    </div>
  )
}

/** The candidates placed on the offer, and the suggestions when it is open. */
async function Placements({
  organisationId,
  offer,
  canPlace,
  linkCandidates,
}: {
  organisationId: string
  offer: Offer
  canPlace: boolean
  linkCandidates: boolean
}) {
  const db = getDb()
  const placements = await placementsOfOffer(db, organisationId, offer.id)
  return (
    <>
      <section aria-labelledby="placements-title" className="flex flex-col gap-3">
        <h2 id="placements-title" className="text-lg font-semibold">
          Candidats positionnés ({placements.length})
        </h2>
        {placements.length === 0 ? (
          <EmptyState title="Aucun candidat positionné.">
            {canPlace
              ? 'Positionnez des candidats de votre organisation, ou partez des suggestions.'
              : 'Les candidats positionnés apparaîtront ici.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Candidats positionnés sur ${offer.title}`}
            headers={['Candidat', 'Statut', 'Détail', 'Mis à jour le', ...(canPlace ? ['Action'] : [])]}
            rows={placements.map((p) => {
              const name = fullName(p)
              return {
                key: p.id,
                cells: [
                  linkCandidates ? (
                    <Link key="c" href={`/v2/candidate/${p.candidateId}`}>
                      {listName(p)}
                    </Link>
                  ) : (
                    listName(p)
                  ),
                  <PlacementStatusBadge key="s" status={p.status} />,
                  p.status === 'interview' ? `Entretien le ${formatDateTime(p.interviewAt)}` : (p.reason ?? ''),
                  formatDate(p.updatedAt),
                  ...(canPlace
                    ? [
                        <PlacementStatusButton
                          key="a"
                          placementId={p.id}
                          candidateName={name}
                          status={p.status}
                          interviewAt={parisDateTimeInput(p.interviewAt)}
                          reason={p.reason ?? ''}
                        />,
                      ]
                    : []),
                ],
              }
            })}
          />
        )}
      </section>
      {canPlace && offer.status === 'open' && (
        <Suspense fallback={<SuggestionsPanel jobOfferId={offer.id} placeLabel={offer.place} suggestions={null} />}>
          <Suggestions organisationId={organisationId} offer={offer} />
        </Suspense>
      )}
    </>
  )
}

/**
 * Up to 10 candidates to place on the open offer, read after the placements (a new placement refreshes the page, and
 * them). A failure is said in place: the rest of the page stays.
 */
async function Suggestions({ organisationId, offer }: { organisationId: string; offer: Offer }) {
  const suggestions = await suggestCandidates(getDb(), organisationId, offer.id).catch((error: unknown) => {
    logError('directory.suggestions', error)
    return null
  })
  return (
    <SuggestionsPanel
      jobOfferId={offer.id}
      placeLabel={offer.place}
      suggestions={suggestions}
      error={suggestions ? undefined : 'Les suggestions n’ont pas pu être chargées. Réessayez dans un instant.'}
    />
  )
}
