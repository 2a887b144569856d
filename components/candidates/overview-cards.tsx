import { PlacementStatusBadge } from '@/components/job-offers/status-badges'
import { COURSE_STEP_TONES, SMS_STATUS_TONES, StatusBadge } from '@/components/ui/status-badge'
import { EmptyState } from '@/components/ui/empty-state'
import Link from '@/components/ui/link'
import type { CandidateOverview } from '@/lib/candidates/overview'
import type { ThemeFollowUp } from '@/lib/invitations/follow-up'
import { formatDate, formatDateTime } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import { formatCount, formatNumber } from '@/lib/numbers'
import { SMS_STATUS_LABELS } from '@/lib/sms/status'
import { InvitationFollowUpRows } from './overview-invitations'

/** The button that fills each part when it is empty (null: the user may not). */
export type OverviewFill = Record<'pending' | 'workshop' | 'course' | 'sms' | 'placement', React.ReactNode>

const ageLabel = (days: number) => (days <= 0 ? 'aujourd’hui' : `depuis ${formatCount(days, 'jour')}`)
const more = (n: number) => `et ${formatNumber(n)} de plus`

type CardProps = {
  id: string
  title: string
  count?: number
  link: { href: string; label: string }
  children: React.ReactNode
}

function Card({ id, title, count, link, children }: CardProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
          {!!count && <span className="font-normal text-slate-600"> ({formatNumber(count)})</span>}
        </h2>
        <Link href={link.href} className="text-sm">
          {link.label}
        </Link>
      </div>
      {children}
    </section>
  )
}

/** An empty part: why, and the button that fills it, or where its rows will come from. */
function Empty({ title, fill, hint }: { title: string; fill: React.ReactNode; hint: string }) {
  return <EmptyState title={title}>{fill ? <div className="flex justify-center">{fill}</div> : hint}</EmptyState>
}

/** A name that links to its page when the user may open it. */
function Named({ href, name }: { href: string | null; name: string }) {
  return href ? (
    <Link href={href} className="font-medium break-words">
      {name}
    </Link>
  ) : (
    <span className="font-medium break-words">{name}</span>
  )
}

type Props = {
  candidateId: string
  overview: CandidateOverview
  /** The follow-up of each workshop theme the candidate was invited to. */
  invitations: ThemeFollowUp[]
  fill: OverviewFill
  canOpen: { workshop: boolean; course: boolean }
}

/** The overview's parts: what is in motion for the candidate, each linking to its section of the sheet. */
export function OverviewCards({ candidateId, overview, invitations, fill, canOpen }: Props) {
  const section = (key: string) => `/v2/candidate/${candidateId}/${key}`
  const { pending, nextWorkshop: w, courses, lastSms: sms, placements } = overview
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card
        id="overview-pending"
        title="Prescriptions en attente"
        count={pending.total}
        link={{ href: section('prescriptions'), label: 'Toutes ses prescriptions' }}
      >
        {pending.rows.length === 0 ? (
          <Empty
            title="Aucune prescription en attente de réponse."
            fill={fill.pending}
            hint="Les prescriptions envoyées aux partenaires apparaîtront ici."
          />
        ) : (
          <PendingRows pending={pending} />
        )}
      </Card>
      <Card
        id="overview-workshop"
        title="Prochain atelier"
        link={{ href: section('ateliers'), label: 'Tous ses ateliers' }}
      >
        {!w ? (
          <Empty
            title="Aucun atelier à venir."
            fill={fill.workshop}
            hint="Les ateliers où le candidat est inscrit apparaîtront ici."
          />
        ) : (
          <NextWorkshop w={w} canOpen={canOpen.workshop} />
        )}
      </Card>
      <Card
        id="overview-invitations"
        title="Invitations aux ateliers"
        count={invitations.length}
        link={{ href: section('historique'), label: 'Son historique' }}
      >
        {invitations.length === 0 ? (
          <Empty
            title="Aucune invitation à un atelier."
            fill={null}
            hint="Les thèmes d’ateliers où le candidat est invité apparaîtront ici, avec la suite donnée."
          />
        ) : (
          <InvitationFollowUpRows rows={invitations} />
        )}
      </Card>
      <Card id="overview-courses" title="Parcours" link={{ href: section('parcours'), label: 'Tous ses parcours' }}>
        {courses.length === 0 ? (
          <Empty
            title="Aucun parcours en cours."
            fill={fill.course}
            hint="Les parcours d’accompagnement du candidat apparaîtront ici."
          />
        ) : (
          <CourseRows courses={courses} canOpen={canOpen.course} />
        )}
      </Card>
      <Card id="overview-sms" title="Dernier SMS" link={{ href: section('sms'), label: 'Toute la conversation' }}>
        {!sms ? (
          <Empty
            title="Aucun SMS échangé avec ce candidat."
            fill={fill.sms}
            hint="Les messages envoyés et ses réponses apparaîtront ici."
          />
        ) : (
          <LastSms sms={sms} />
        )}
      </Card>
      <Card
        id="overview-placements"
        title="Positionnements en cours"
        count={placements.total}
        link={{ href: section('emploi'), label: 'Tous ses positionnements' }}
      >
        {placements.rows.length === 0 ? (
          <Empty
            title="Aucun positionnement en cours."
            fill={fill.placement}
            hint="Les positionnements sur des offres d’emploi apparaîtront ici."
          />
        ) : (
          <PlacementRows placements={placements} />
        )}
      </Card>
    </div>
  )
}

/** The pending prescriptions: the offer, its partner, and how long the answer has been awaited. */
function PendingRows({ pending }: Pick<CandidateOverview, 'pending'>) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {pending.rows.map((a) => (
        <li key={a.id} className="min-w-0">
          <Named href={`/offer/social/${a.offerId}`} name={a.offerName} />
          <span className="text-slate-700"> · {orEmpty(a.providerName)}</span>
          <span className="block text-slate-700">
            Envoyée le {formatDate(a.prescriptionDate)}, en attente{' '}
            <strong className="font-medium text-slate-900">{ageLabel(a.ageDays)}</strong>
          </span>
        </li>
      ))}
      {pending.total > pending.rows.length && (
        <li className="text-slate-700">{more(pending.total - pending.rows.length)}</li>
      )}
    </ul>
  )
}

/** The next workshop: when, where, and whether the candidate has a seat. */
function NextWorkshop({ w, canOpen }: { w: NonNullable<CandidateOverview['nextWorkshop']>; canOpen: boolean }) {
  return (
    <div className="text-sm">
      <Named href={canOpen ? `/workshops/${w.workshopId}` : null} name={w.name} />
      <p className="text-slate-700">Le {formatDateTime(w.startsAt)}</p>
      <p className="break-words text-slate-700">{orEmpty(w.place)}</p>
      <p className="text-slate-700">{w.waitlisted ? 'En liste d’attente' : 'Inscrit'}</p>
    </div>
  )
}

/** Each course with its next step, late or not. */
function CourseRows({ courses, canOpen }: { courses: CandidateOverview['courses']; canOpen: boolean }) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {courses.map((c) => (
        <li key={c.courseId} className="min-w-0">
          <Named href={canOpen ? `/support-courses/${c.courseId}` : null} name={c.name} />
          <span className="block text-slate-700">
            {!c.nextStep ? (
              'Toutes les étapes sont faites'
            ) : c.late ? (
              <>
                <StatusBadge tone={COURSE_STEP_TONES.late} className="mr-1">
                  En retard
                </StatusBadge>
                {c.nextStep}, prévue avant le {formatDate(c.nextDueOn)}
              </>
            ) : (
              <>
                Prochaine étape&nbsp;: {c.nextStep}, avant le {orEmpty(formatDate(c.nextDueOn))}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The last message of the conversation, and where an outbound one stands. */
function LastSms({ sms }: { sms: NonNullable<CandidateOverview['lastSms']> }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <p className="text-slate-700">
        <span className="font-medium text-slate-900">
          {sms.direction === 'inbound' ? 'Réponse du candidat' : 'Message envoyé'}
        </span>
        {' · '}
        <time dateTime={sms.at.toISOString()}>{formatDateTime(sms.at)}</time>
      </p>
      <p className="line-clamp-3 break-words whitespace-pre-wrap text-slate-900">{orEmpty(sms.body)}</p>
      {sms.direction === 'outbound' && (
        <p className="text-slate-700">
          Statut&nbsp;:{' '}
          <StatusBadge tone={SMS_STATUS_TONES[sms.status]}>
            <span data-testid="overview-sms-status">{SMS_STATUS_LABELS[sms.status]}</span>
          </StatusBadge>
          {sms.status === 'queued' && `, départ le ${formatDateTime(sms.scheduledFor)}`}
        </p>
      )}
    </div>
  )
}

/** The open placements: the offer, its enterprise, an interview, the status. */
function PlacementRows({ placements }: Pick<CandidateOverview, 'placements'>) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {placements.rows.map((p) => (
        <li key={p.jobOfferId} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <span className="min-w-0">
            <Named href={`/v2/offer/${p.jobOfferId}`} name={p.title} />
            <span className="text-slate-700"> · {orEmpty(p.enterpriseName)}</span>
            {p.interviewAt && (
              <span className="block text-slate-700">Entretien le {formatDateTime(p.interviewAt)}</span>
            )}
          </span>
          <PlacementStatusBadge status={p.status} />
        </li>
      ))}
      {placements.total > placements.rows.length && (
        <li className="text-slate-700">{more(placements.total - placements.rows.length)}</li>
      )}
    </ul>
  )
}
