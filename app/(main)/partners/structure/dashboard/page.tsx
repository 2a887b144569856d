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
import { now as clockNow } from '@/lib/clock'
import { formatDate, parisToday } from '@/lib/dates'
import { formatCount, formatNumber, formatPercent } from '@/lib/numbers'
import { freshnessText } from '@/lib/statistics/answer-delay-summaries'
import { formatDays, type AnswerDelayFigures } from '@/lib/statistics/answer-delays-table'
import { PAGE_SIZE } from '@/lib/constants'
import { DASHBOARD_ROWS } from '@/lib/prescriptions/dashboard-lists'
import { DUE_WITHIN_DAYS } from '@/lib/prescriptions/partner-answers-due'
import { EXPIRED_SHOWN_DAYS } from '@/lib/prescriptions/partner-lists'
import { waitingSentence } from '@/lib/prescriptions/waiting-time'
import { requireUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { partnerDashboard } from '@/lib/partners/partner-dashboard'
import { can, isPartnerUser, partnerHome } from '@/lib/permissions'
import { fullName, listName } from '@/lib/person-name'

export const generateMetadata = pageMetadata('partnersDashboard')

/**
 * The partner structure's home (role fullPartner): its social offers and their prescriptions per tab. The archived
 * files show the DASHBOARD_ROWS most recently archived; « Afficher plus de dossiers archivés » (`archived=all`) shows a
 * page of them.
 */
export default async function PartnerDashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const user = await requireUser()
  if (!isPartnerUser(user)) redirect(partnerHome(user))
  if (!user.structureId) notFound()
  const canArchive = can(user, 'offers.social.archive')
  const structureId = user.structureId
  const now = clockNow()
  const today = parisToday(now)
  const allArchived = (await searchParams).archived === 'all'
  // Collapsed, one row more than shown says whether there are others.
  const view = await partnerDashboard(getDb(), structureId, {
    withArchived: canArchive,
    archivedRows: allArchived ? PAGE_SIZE : DASHBOARD_ROWS + 1,
    now,
  })
  if (!view) notFound()
  const { structure, offers, counts, pending, expired, answersDue, answerDelays, answerDelaysAsOf } = view
  const archived = allArchived ? view.archived : view.archived.slice(0, DASHBOARD_ROWS)
  const moreArchived = view.archived.length > archived.length
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
      {offers.length > 0 && <AnswersDue due={answersDue.due} late={answersDue.late} />}
      {offers.length > 0 && (
        <OwnAnswerDelays figures={answerDelays} freshness={answerDelaysAsOf && freshnessText(answerDelaysAsOf, now)} />
      )}
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
          headers={['Candidat', 'Offre', 'Date', 'Attente']}
          rows={pending.map((a) => ({
            key: a.id,
            cells: [
              <Link key="c" href={`/offer/social/${a.offerId}?socialApplyId=${a.id}`}>
                {listName(a)}
              </Link>,
              a.offerName,
              formatDate(a.prescriptionDate),
              waitingSentence(a.prescriptionDate, today),
            ],
          }))}
        />
      )}
      {expired.length > 0 && (
        <>
          <h2 className="mb-1 mt-8 text-lg font-semibold">Expirées sans réponse</h2>
          <p className="mb-3 text-sm text-slate-700">
            Sans réponse avant leur expiration, ces prescriptions des {EXPIRED_SHOWN_DAYS}&nbsp;derniers jours ne
            peuvent plus être complétées&nbsp;; le référent en a été prévenu et peut prescrire à nouveau.
          </p>
          <SimpleTable
            caption="Prescriptions expirées sans réponse"
            headers={['Candidat', 'Offre', 'Prescrite le', 'Expirée le']}
            rows={expired.map((a) => ({
              key: a.id,
              cells: [listName(a), a.offerName, formatDate(a.prescriptionDate), formatDate(a.expiredAt)],
            }))}
          />
        </>
      )}
      {canArchive && (
        <>
          <h2 id="archived" className="mb-3 mt-8 text-lg font-semibold">
            Dossiers archivés
          </h2>
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
          {moreArchived && (
            <p className="mt-3 text-sm">
              <Link href="/partners/structure/dashboard?archived=all#archived">Afficher plus de dossiers archivés</Link>
            </p>
          )}
        </>
      )}
    </>
  )
}

/**
 * How many answers the prescribing organisations expect within the next 7 days, late ones included
 * (lib/prescriptions/partner-answers-due.ts): what a partner with thirty prescriptions a week plans the week on.
 */
function AnswersDue({ due, late }: { due: number; late: number }) {
  return (
    <section
      aria-labelledby="answers-due"
      className="mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="answers-due" className="text-base font-semibold">
        Réponses attendues cette semaine
      </h2>
      <p className="text-sm">
        <span className="text-2xl font-semibold">{formatNumber(due)}</span>
        {late > 0 && <span className="ml-2 text-amber-800">dont {formatNumber(late)} en retard</span>}
      </p>
      <p className="w-full text-xs text-slate-600">
        Prescriptions en attente dont le délai de réponse fixé par l’organisation prescriptrice arrive à échéance dans
        les {DUE_WITHIN_DAYS} prochains jours ou est déjà dépassé. Chaque offre liste ses prescriptions en attente de la
        plus ancienne à la plus récente.
      </p>
    </section>
  )
}

/**
 * The structure's own answer delays over the last 12 months, all prescribing organisations together
 * (lib/statistics/answer-delays.ts): counts and shares only, no organisation or candidate named.
 */
function OwnAnswerDelays({ figures, freshness }: { figures: AnswerDelayFigures; freshness: string | null }) {
  const share = (n: number) => formatPercent(figures.prescribed ? n / figures.prescribed : null)
  const items = [
    {
      label: 'Délai médian de réponse',
      value: figures.medianDays === null ? formatDays(null) : `${formatDays(figures.medianDays)}\u00a0j`,
    },
    { label: 'Réponse en 10 jours ou moins', value: share(figures.within10) },
    { label: 'Expirées sans réponse', value: share(figures.expired) },
  ]
  return (
    <section aria-labelledby="own-answer-delays" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="own-answer-delays" className="text-base font-semibold">
        Vos délais de réponse sur 12 mois
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((i) => (
          <div key={i.label}>
            <dt className="text-sm text-slate-600">{i.label}</dt>
            <dd className="text-2xl font-semibold">{i.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Sur {formatCount(figures.prescribed, 'prescription reçue', 'prescriptions reçues')} avec fiche de suivi, toutes
        organisations prescriptrices confondues ({formatCount(figures.answered, 'réponse', 'réponses')}). Délai en jours
        du calendrier entre la prescription et votre réponse&nbsp;; les parts comptent aussi les prescriptions encore en
        attente. Les prescriptions manuelles ne sont pas comptées.
        {freshness && ` ${freshness}`}
      </p>
    </section>
  )
}
