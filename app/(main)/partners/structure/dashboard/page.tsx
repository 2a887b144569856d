import Link from '@/components/ui/link'
import { notFound, redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { ValidityBadge } from '@/components/offers/validity-badge'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { SimpleTable } from '@/components/ui/simple-table'
import { RestoreButton } from '@/components/applies/restore-button'
import { StatusBadge, PRESCRIPTION_STATE_TONES } from '@/components/ui/status-badge'
import { formatDate } from '@/lib/dates'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { partnerDashboard } from '@/lib/partners/partner-dashboard'
import { can, isPartnerUser, partnerHome } from '@/lib/permissions'
import { fullName, listName } from '@/lib/person-name'

export const generateMetadata = pageMetadata('partnersDashboard')

/** The partner structure's home (role fullPartner): its social offers and their prescriptions per tab. */
export default async function PartnerDashboardPage() {
  const user = await requireUser()
  if (!isPartnerUser(user)) redirect(partnerHome(user))
  if (!user.structureId) notFound()
  const canArchive = can(user, 'offers.social.archive')
  const structureId = user.structureId
  const view = await partnerDashboard(getDb(), structureId, { withArchived: canArchive })
  if (!view) notFound()
  const { structure, offers, counts, pending, archived } = view
  const t = await getTranslations('applies')
  const canPublish = can(user, 'candidate.socialboard.modify')
  return (
    <>
      <PageHeader
        title={structure.name}
        subtitle={`${offers.length} offre${offers.length > 1 ? 's' : ''} sociale${offers.length > 1 ? 's' : ''}`}
        actions={
          <>
            <Link href={`/partners/structure/${structureId}`} className={buttonClass('secondary')}>
              Gérer la structure
            </Link>
            {canPublish && (
              <Link href="/offer/social/create" className={buttonClass('primary')}>
                Ajouter une offre sociale
              </Link>
            )}
          </>
        }
      />
      {offers.length === 0 ? (
        <EmptyState
          title="Votre structure n’a pas encore d’offre sociale."
          action={
            // Its own words, so that it is not read as the header's "Ajouter une offre sociale".
            canPublish ? (
              <Link href="/offer/social/create" className={buttonClass('secondary')}>
                Publier une première offre
              </Link>
            ) : undefined
          }
        >
          Les offres que vous publiez reçoivent les prescriptions des référents.
        </EmptyState>
      ) : (
        <SimpleTable
          caption="Offres sociales de la structure"
          headers={[
            'Offre',
            'Validité',
            t('tabs.PRESCRIPTION_FILLED'),
            t('tabs.INTEGRATED_CANDIDATE'),
            t('tabs.REFUSED_STRUCTURE'),
          ]}
          rows={offers.map((o) => {
            const c = counts.get(o.id)!
            return {
              key: o.id,
              cells: [
                <Link key="n" href={`/offer/social/${o.id}`}>
                  {o.name}
                </Link>,
                <ValidityBadge key="v" offer={o} />,
                c.PRESCRIPTION_FILLED,
                c.INTEGRATED_CANDIDATE,
                c.REFUSED_STRUCTURE,
              ],
            }
          })}
        />
      )}
      <h2 className="mb-3 mt-8 text-lg font-semibold">Dernières prescriptions en attente de réponse</h2>
      {pending.length === 0 ? (
        <EmptyState title="Aucune prescription en attente.">
          Les nouvelles prescriptions des référents apparaîtront ici.
        </EmptyState>
      ) : (
        <SimpleTable
          caption="Dernières prescriptions en attente de réponse"
          headers={['Candidat', 'Offre', 'Date']}
          rows={pending.map((a) => ({
            key: a.id,
            cells: [
              <Link key="c" href={`/offer/social/${a.offerId}?socialApplyId=${a.id}`}>
                {listName(a)}
              </Link>,
              a.offerName,
              formatDate(a.prescriptionDate),
            ],
          }))}
        />
      )}
      {canArchive && (
        <>
          <h2 className="mb-3 mt-8 text-lg font-semibold">Dossiers archivés</h2>
          {archived.length === 0 ? (
            <EmptyState title="Aucun dossier archivé.">
              Les candidats intégrés ou refusés que vous archivez depuis la page d’une offre sont rangés ici.
            </EmptyState>
          ) : (
            <SimpleTable
              caption="Dossiers archivés"
              headers={['Candidat', 'Offre', 'État', 'Archivé le', 'Action']}
              rows={archived.map((a) => ({
                key: a.id,
                cells: [
                  listName(a),
                  a.offerName,
                  <StatusBadge key="s" tone={PRESCRIPTION_STATE_TONES[a.state]}>
                    {t(`tabs.${a.state}`)}
                  </StatusBadge>,
                  formatDate(a.archivedAt),
                  <RestoreButton key="r" applyId={a.id} candidateName={fullName(a)} />,
                ],
              }))}
            />
          )}
        </>
      )}
    </>
  )
}
