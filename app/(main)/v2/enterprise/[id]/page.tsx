import { notFound } from 'next/navigation'
import { EditEnterpriseButton } from '@/components/enterprises/enterprise-form'
import { JobOfferDialogButton } from '@/components/job-offers/job-offer-form'
import { PlaceCandidatesDialog } from '@/components/job-offers/place-candidates'
import { JobOfferStatusBadge, PlacementStatusBadge } from '@/components/job-offers/status-badges'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { DetailList } from '@/components/ui/detail-list'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { formatDate, formatDateTime } from '@/lib/dates'
import { fullName, listName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'
import { getDb } from '@/lib/db/client'
import { historyText } from '@/lib/enterprises/history-labels'
import { enterpriseSheet } from '@/lib/enterprises/enterprise-sheet'
import { isUuid } from '@/lib/ids'
import { contractLabel } from '@/lib/job-offers/labels'
import { offerValidityLabel } from '@/lib/offers/validity-label'
import { can } from '@/lib/permissions'
import { formatSiret } from '@/lib/siret'
import { ofName } from '@/lib/text/french'

export const generateMetadata = pageMetadata('enterprise')

/** The enterprise's sheet: its data and contacts, its job offers, the candidates placed on them, its history. */
export default async function EnterprisePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(id)) notFound()
  const sheet = await enterpriseSheet(getDb(), user.organisationId, id)
  if (!sheet) notFound()
  const { enterprise, offers, placements, history } = sheet
  const canEdit = can(user, 'enterprises.modify')
  const canCreateOffer = can(user, 'offers.job.modify')
  const canPlace = can(user, 'candidate.placement.modify')
  const offerTitles = new Map(offers.map((o) => [o.id, o.title]))
  const openOffers = offers.filter((o) => o.status === 'open')
  const editable = {
    name: enterprise.name,
    siret: enterprise.siret ?? '',
    nafCode: enterprise.nafCode ?? '',
    addressFormatted: enterprise.addressFormatted ?? '',
    notes: enterprise.notes,
    contacts: enterprise.contacts.map((c) => ({
      name: c.name,
      role: c.role ?? '',
      phone: c.phone ?? '',
      email: c.email ?? '',
    })),
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={enterprise.name}
        subtitle={
          [
            enterprise.siret ? `SIRET ${formatSiret(enterprise.siret)}` : null,
            enterprise.nafCode ? `NAF ${enterprise.nafCode}` : null,
          ]
            .filter(Boolean)
            .join(' · ') || undefined
        }
        actions={
          <>
            {canEdit && <EditEnterpriseButton enterpriseId={enterprise.id} initial={editable} />}
            {canCreateOffer && (
              <JobOfferDialogButton label="Créer une offre d’emploi" enterpriseId={enterprise.id} primary />
            )}
          </>
        }
      />
      <DetailList
        items={[
          ['Adresse', enterprise.addressFormatted],
          ['Notes', enterprise.notes],
        ]}
      />
      <section aria-labelledby="contacts-title" className="flex flex-col gap-3">
        <h2 id="contacts-title" className="text-lg font-semibold">
          Contacts
        </h2>
        {enterprise.contacts.length === 0 ? (
          <EmptyState
            title="Aucun contact enregistré."
            action={
              canEdit ? <EditEnterpriseButton enterpriseId={enterprise.id} initial={editable} addContact /> : undefined
            }
          >
            La personne à joindre dans l’entreprise pour y présenter vos candidats.
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {enterprise.contacts.map((c, i) => (
              <li key={i} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <p className="font-medium">{c.name}</p>
                {c.role && <p className="text-slate-700">{c.role}</p>}
                {c.phone && <p>{formatPhone(c.phone)}</p>}
                {c.email && (
                  <p>
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="job-offers-title" className="flex flex-col gap-3">
        <h2 id="job-offers-title" className="text-lg font-semibold">
          Offres d’emploi ({offers.length})
        </h2>
        {offers.length === 0 ? (
          <EmptyState
            title="Aucune offre d’emploi pour cette entreprise."
            action={
              // Its own words, so that it is not read as the header's "Créer une offre d’emploi".
              canCreateOffer ? (
                <JobOfferDialogButton label="Créer sa première offre d’emploi" enterpriseId={enterprise.id} />
              ) : undefined
            }
          >
            {canCreateOffer ? 'Ses offres recevront vos candidats.' : 'Ses offres apparaîtront ici.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Offres d’emploi ${ofName(enterprise.name)}`}
            headers={['Offre', 'Contrat', 'Postes pourvus', 'Statut', 'Validité']}
            rows={offers.map((o) => ({
              key: o.id,
              cells: [
                <Link key="t" href={`/v2/offer/${o.id}`}>
                  {o.title}
                </Link>,
                contractLabel(o.contractType),
                `${o.positionsFilled} / ${o.positions}`,
                <JobOfferStatusBadge key="s" status={o.status} />,
                offerValidityLabel({ serviceStartDate: o.validFrom, serviceEndDate: o.validUntil }),
              ],
            }))}
          />
        )}
      </section>
      <section aria-labelledby="placed-title" className="flex flex-col gap-3">
        <h2 id="placed-title" className="text-lg font-semibold">
          Candidats positionnés ({placements.length})
        </h2>
        {placements.length === 0 ? (
          <EmptyState
            title="Aucun candidat positionné sur les offres de cette entreprise."
            action={
              // One open offer: its "Positionner des candidats" is here. Several: each offer's page has its own.
              canPlace && openOffers.length === 1 ? (
                <PlaceCandidatesDialog jobOfferId={openOffers[0]!.id} variant="secondary" />
              ) : undefined
            }
          >
            {openOffers.length === 0
              ? 'Les candidats se positionnent sur une offre ouverte de l’entreprise.'
              : openOffers.length === 1
                ? `Positionnez des candidats sur «\u00a0${openOffers[0]!.title}\u00a0».`
                : 'Positionnez des candidats depuis la page d’une de ses offres ouvertes.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Candidats positionnés chez ${enterprise.name}`}
            headers={['Candidat', 'Offre', 'Statut', 'Mis à jour le']}
            rows={placements.map((p) => ({
              key: p.id,
              cells: [
                can(user, 'candidate.visualize') ? (
                  <Link key="c" href={`/v2/candidate/${p.candidateId}`}>
                    {listName(p)}
                  </Link>
                ) : (
                  listName(p)
                ),
                p.offerTitle,
                <PlacementStatusBadge key="s" status={p.status} />,
                formatDate(p.updatedAt),
              ],
            }))}
          />
        )}
      </section>
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          Historique
        </h2>
        {history.length === 0 ? (
          <EmptyState title="Aucune modification enregistrée.">
            Les changements de l’entreprise et de ses offres s’inscriront ici.
          </EmptyState>
        ) : (
          <ol className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
            {history.map((h) => (
              <li key={h.id}>
                <span className="text-slate-600">{formatDateTime(h.at)}</span> ·{' '}
                {historyText(h.action, h.details, offerTitles)}
                {h.firstName || h.lastName ? ` · ${fullName(h)}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
