import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { EditStructureButton } from '@/components/partners/edit-structure-button'
import { PartnerUsers } from '@/components/partners/partner-users'
import { ResponseIndicatorCard } from '@/components/partners/response-indicator'
import { buttonClass } from '@/components/ui/button'
import { DetailList } from '@/components/ui/detail-list'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import { SimpleTable } from '@/components/ui/simple-table'
import { requireOrganisationUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import {
  getPartnerStructure,
  partnerUsersOfStructure,
  responseIndicator,
  structureOffersForOrganisation,
} from '@/lib/partners/queries'
import { can } from '@/lib/permissions'
import { formatPhone } from '@/lib/format'
import { formatSiret } from '@/lib/siret'

export const generateMetadata = pageMetadata('partnerStructure')

async function structureSheet(organisationId: string, id: string) {
  const db = getDb()
  const structure = await getPartnerStructure(db, organisationId, id)
  if (!structure) return null
  const [offers, indicator] = await Promise.all([
    structureOffersForOrganisation(db, organisationId, structure.id),
    responseIndicator(db, organisationId, structure.id),
  ])
  return { structure, offers, indicator }
}

/**
 * Issue 12 §1, the structure's sheet: its contact, its response indicator for the organisation's prescriptions, its
 * social offers with their counts per tab, and its users. A structure the organisation does not work with, or an id
 * that is not one, is "not found". Shared structures are read-only for organisations.
 */
export default async function PartnerStructurePage({ params }: { params: Promise<{ structurePartnerId: string }> }) {
  const { structurePartnerId } = await params
  const user = await requireOrganisationUser()
  if (!isUuid(structurePartnerId)) notFound()
  const organisationId = user.organisationId
  const sheet = await structureSheet(organisationId, structurePartnerId)
  if (!sheet) notFound()
  const { structure, offers, indicator } = sheet
  const canManage = !structure.shared && can(user, 'partners.structure.modify')
  const [users, t] = await Promise.all([
    canManage ? partnerUsersOfStructure(getDb(), structure.id) : [],
    getTranslations('applies'),
  ])
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={structure.name}
        subtitle={structure.siret ? `SIRET ${formatSiret(structure.siret)}` : undefined}
        actions={
          canManage ? (
            <>
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
              <Link href={`/partners/structure/${structure.id}/import`} className={buttonClass('secondary')}>
                Importer des offres
              </Link>
              <Link href={`/offer/social/create?structure=${structure.id}`} className={buttonClass('primary')}>
                Ajouter une offre sociale
              </Link>
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
            ['Email', structure.email],
            ['Site internet', structure.website],
            ['Présentation', structure.presentation],
          ]}
        />
      </section>
      <ResponseIndicatorCard indicator={indicator} />
      <section aria-labelledby="offers-title" className="flex flex-col gap-3">
        <h2 id="offers-title" className="text-lg font-semibold">
          Offres sociales ({offers.length})
        </h2>
        {offers.length === 0 ? (
          <EmptyState
            title="Cette structure n’a pas encore d’offre sociale."
            action={
              // Its own words, so that it is not read as the header's "Ajouter une offre sociale".
              canManage ? (
                <Link href={`/offer/social/create?structure=${structure.id}`} className={buttonClass('secondary')}>
                  Ajouter sa première offre
                </Link>
              ) : undefined
            }
          >
            {canManage
              ? 'Ajoutez ses offres pour que vos référents puissent y prescrire.'
              : 'Ses offres apparaîtront ici.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`Offres sociales de ${structure.name}`}
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
                o.counts.PRESCRIPTION_FILLED,
                o.counts.INTEGRATED_CANDIDATE,
                o.counts.REFUSED_STRUCTURE,
              ],
            }))}
          />
        )}
      </section>
      {canManage && <PartnerUsers structureId={structure.id} users={users} canManage={canManage} />}
    </div>
  )
}
