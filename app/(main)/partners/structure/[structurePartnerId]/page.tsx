import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { EditStructureButton } from '@/components/partners/edit-structure-button'
import { AccountRequests } from '@/components/partners/account-requests'
import { Governance } from '@/components/partners/governance'
import { InviteDialog, PartnerUsers } from '@/components/partners/partner-users'
import { ResponseIndicatorCard } from '@/components/partners/response-indicator'
import { buttonClass } from '@/components/ui/button'
import { DetailList } from '@/components/ui/detail-list'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { structureSheet } from '@/lib/partners/structure-sheet'
import { formatDate } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import { fullName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'
import { formatSiret } from '@/lib/siret'
import { ofName } from '@/lib/text/french'

export const generateMetadata = pageMetadata('partnerStructure')

/**
 * The structure's sheet: its contact, who runs it and who works with it, its response indicator for the
 * organisation's prescriptions, its social offers with their counts per tab, and — for those who run it — its users
 * and the requests for an account. An organisation that only works with it may ask for a partner account. A
 * structure the user may not see, or an id that is not one, is "not found".
 */
export default async function PartnerStructurePage({ params }: { params: Promise<{ structurePartnerId: string }> }) {
  const { structurePartnerId } = await params
  const user = await requireUser()
  if (!isUuid(structurePartnerId)) notFound()
  const sheet = await structureSheet(getDb(), user, structurePartnerId)
  if (!sheet) notFound()
  const { structure, offers, indicator, governance, runs, writesOffers, mayRequest, users, requests, ownRequests } =
    sheet
  const t = await getTranslations('applies')
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={structure.name}
        subtitle={structure.siret ? `SIRET ${formatSiret(structure.siret)}` : undefined}
        actions={
          runs || writesOffers ? (
            <>
              {runs && (
                <EditStructureButton
                  structureId={structure.id}
                  initial={{
                    name: structure.name,
                    siret: structure.siret ?? '',
                    addressFormatted: structure.addressFormatted ?? '',
                    phone: structure.phone ?? '',
                    email: structure.email ?? '',
                    website: structure.website ?? '',
                    presentation: structure.presentation,
                  }}
                />
              )}
              {writesOffers && (
                <>
                  <Link href={`/partners/structure/${structure.id}/import`} className={buttonClass('secondary')}>
                    Importer des offres
                  </Link>
                  <Link href={`/offer/social/create?structure=${structure.id}`} className={buttonClass('primary')}>
                    Ajouter une offre sociale
                  </Link>
                </>
              )}
            </>
          ) : undefined
        }
      />
      <section aria-labelledby="contact-title" className="flex flex-col gap-3">
        <h2 id="contact-title" className="text-lg font-semibold">
          Contact
        </h2>
        <DetailList
          items={[
            ['Adresse', structure.addressFormatted],
            ['Téléphone', structure.phone ? formatPhone(structure.phone) : null],
            [
              'Email',
              structure.email &&
                (sheet.emailChangedAt
                  ? `${structure.email} (adresse modifiée le ${formatDate(sheet.emailChangedAt)})`
                  : structure.email),
            ],
            ['Site internet', structure.website],
            ['Présentation', structure.presentation],
          ]}
        />
      </section>
      <Governance governance={governance} />
      {runs && requests.length > 0 && (
        <AccountRequests requests={requests.map((r) => ({ ...r, createdAt: formatDate(r.createdAt) }))} />
      )}
      {indicator && <ResponseIndicatorCard indicator={indicator} />}
      <section aria-labelledby="offers-title" className="flex flex-col gap-3">
        <h2 id="offers-title" className="text-lg font-semibold">
          Offres sociales{offers ? ` (${offers.length})` : ''}
        </h2>
        {!offers ? (
          <p className="text-sm">
            Vos offres et leurs prescriptions sont sur{' '}
            <Link href="/partners/structure/dashboard" className="font-medium underline">
              le tableau de bord de la structure
            </Link>
            .
          </p>
        ) : offers.length === 0 ? (
          <EmptyState
            title="Cette structure n’a pas encore d’offre sociale."
            action={
              // Its own words, so that it is not read as the header's "Ajouter une offre sociale".
              writesOffers ? (
                <Link href={`/offer/social/create?structure=${structure.id}`} className={buttonClass('secondary')}>
                  Ajouter sa première offre
                </Link>
              ) : undefined
            }
          >
            {writesOffers
              ? 'Ajoutez ses offres pour que vos référents puissent y prescrire.'
              : 'Ses offres apparaîtront ici.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Offres sociales ${ofName(structure.name)}`}
            headers={[
              'Offre',
              'Validité',
              t('tabs.PRESCRIPTION_FILLED'),
              t('tabs.INTEGRATED_CANDIDATE'),
              t('tabs.REFUSED_STRUCTURE'),
            ]}
            rows={offers.map((o) => ({
              key: o.id,
              cells: [
                <Link key="n" href={`/offer/social/${o.id}`}>
                  {o.name}
                </Link>,
                <ValidityBadge key="v" offer={o} />,
                formatNumber(o.counts.PRESCRIPTION_FILLED),
                formatNumber(o.counts.INTEGRATED_CANDIDATE),
                formatNumber(o.counts.REFUSED_STRUCTURE),
              ],
            }))}
          />
        )}
      </section>
      {runs && <PartnerUsers structureId={structure.id} users={users} canManage />}
      {mayRequest && (
        <section aria-labelledby="request-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="request-title" className="text-lg font-semibold">
              Comptes partenaires
            </h2>
            <InviteDialog structureId={structure.id} mode="request" />
          </div>
          <p className="text-sm">
            Vous travaillez avec cette structure sans la gérer : demandez à ceux qui la gèrent d’inviter une personne de
            la structure.
          </p>
          {ownRequests.length > 0 && (
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {ownRequests.map((r) => (
                <li key={r.id} className="py-2">
                  {fullName(r)} ({r.email}), demandé le {formatDate(r.createdAt)} :{' '}
                  {r.status === 'pending' ? 'en attente' : r.status === 'accepted' ? 'acceptée' : 'refusée'}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}
