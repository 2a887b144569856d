import { notFound } from 'next/navigation'
import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata } from '@/components/layout/page-metadata'
import { OrientationDecision } from '@/components/referrals/orientation-decision'
import { DetailList } from '@/components/ui/detail-list'
import { ORIENTATION_STATUS_TONES, StatusBadge } from '@/components/ui/status-badge'
import Link from '@/components/ui/link'
import { requirePagePermission } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { addElapsedDays, formatDate, formatDateTime } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { can } from '@/lib/permissions'
import { getOrientation } from '@/lib/referrals/queries'
import { fullName } from '@/lib/person-name'
import { formatPhone } from '@/lib/phone'
import { ofName } from '@/lib/text/french'

export const generateMetadata = pageMetadata('orientation')

/**
 * An orientation received through a referral link (candidate.orientation.decide): what the prescriber
 * wrote, then "Accepter et créer le candidat" (duplicate check first) or "Refuser" with a reason. Once decided, who
 * decided and when, and the candidate's sheet. Another organisation's orientation is "not found".
 */
export default async function OrientationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const user = await requirePagePermission('candidate.orientation.decide')
  if (!user.organisationId || user.answerReminderDays === null || !isUuid(id)) notFound()
  const db = getDb()
  const o = await getOrientation(db, user.organisationId, id)
  if (!o) notFound()
  const late = o.status === 'pending' && o.createdAt < addElapsedDays(now(), -user.answerReminderDays)
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`Orientation ${ofName(fullName(o))}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              Reçue le {formatDateTime(o.createdAt)} par le lien «&nbsp;{o.link}&nbsp;»
            </span>
            {o.status === 'pending' && <StatusBadge tone={ORIENTATION_STATUS_TONES.pending}>À traiter</StatusBadge>}
            {late && (
              <StatusBadge tone={ORIENTATION_STATUS_TONES.late}>
                En retard (plus de {user.answerReminderDays}&nbsp;jours)
              </StatusBadge>
            )}
            {o.status === 'accepted' && <StatusBadge tone={ORIENTATION_STATUS_TONES.accepted}>Acceptée</StatusBadge>}
            {o.status === 'declined' && <StatusBadge tone={ORIENTATION_STATUS_TONES.declined}>Refusée</StatusBadge>}
          </span>
        }
      />
      {o.status !== 'pending' && (
        <section aria-labelledby="decision" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <h2 id="decision" className="mb-1 text-base font-semibold">
            Décision
          </h2>
          <p>
            {o.status === 'accepted' ? 'Acceptée' : 'Refusée'} le {formatDateTime(o.decidedAt)}
            {o.decider ? ` par ${o.decider}` : ''}. Le prescripteur en a été informé par email.
          </p>
          {o.status === 'declined' && <p className="mt-1 whitespace-pre-line">Motif&nbsp;: {o.declineReason}</p>}
          {o.candidateId && (
            <p className="mt-2">
              <Link href={`/v2/candidate/${o.candidateId}`} className="font-medium">
                Voir la fiche du candidat
              </Link>
            </p>
          )}
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="person" className="flex flex-col gap-2">
          <h2 id="person" className="text-base font-semibold">
            La personne
          </h2>
          <DetailList
            items={[
              ['Nom', o.lastName],
              ['Prénom', o.firstName],
              ['Date de naissance', formatDate(o.birthDate)],
              ['Téléphone', formatPhone(o.phone)],
              ['Email', o.email],
              ['Adresse', o.addressFormatted],
              ['Lieu de résidence', o.place],
            ]}
          />
        </section>
        <section aria-labelledby="prescriber" className="flex flex-col gap-2">
          <h2 id="prescriber" className="text-base font-semibold">
            Le prescripteur
          </h2>
          <DetailList
            items={[
              ['Nom', o.prescriberName],
              ['Structure', o.prescriberStructure],
              ['Email', o.prescriberEmail],
              ['Téléphone', formatPhone(o.prescriberPhone)],
              ['Accord de la personne', `Confirmé le ${formatDateTime(o.consentAt)}`],
            ]}
          />
        </section>
      </div>
      <section aria-labelledby="situation" className="flex flex-col gap-2">
        <h2 id="situation" className="text-base font-semibold">
          Sa situation
        </h2>
        <DetailList
          items={[
            ['Besoins', o.needs.join(', ')],
            ['Situation', o.situation],
          ]}
        />
      </section>
      {o.status === 'pending' && can(user, 'candidate.modify') && (
        <OrientationDecision id={o.id} prescriberStructure={o.prescriberStructure} />
      )}
      {o.status === 'pending' && !can(user, 'candidate.modify') && (
        <p className="text-sm text-slate-700">
          Vous ne pouvez pas créer de candidat&nbsp;: demandez à un référent ou à un conseiller de traiter cette
          orientation.
        </p>
      )}
    </div>
  )
}
