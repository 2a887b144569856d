import { PageHeader } from '@/components/layout/page-header'
import { pageMetadata, pageTitle } from '@/components/layout/page-metadata'
import { MarkAnswerReadButton } from '@/components/prescriptions/mark-answer-read-button'
import { MarkAnswersReadButton } from '@/components/prescriptions/mark-answers-read-button'
import { PrescriptionsTable } from '@/components/prescriptions/prescriptions-table'
import { UnansweredSection } from '@/components/prescriptions/unanswered-section'
import { mayPrescribe } from '@/lib/prescriptions/may-prescribe'
import type { SearchParams } from '@/lib/prescriptions/page-params'
import { parseWaitingFilter, WAITING_PARAM } from '@/lib/prescriptions/waiting-filter'
import { EmptyState } from '@/components/ui/empty-state'
import { requireOrganisationUser, requirePagePermission } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { listName } from '@/lib/person-name'
import { dashboardHref, parseExpanded, showMoreLabel } from '@/lib/prescriptions/dashboard-lists'
import { actionsDashboard } from '@/lib/prescriptions/referent-dashboard'
import { ANSWERS_WINDOW_DAYS, unreadTotalOf } from '@/lib/prescriptions/referent-follows-up'
import Link from '@/components/ui/link'
import { formatDate, formatDateTime, formatTime, parisToday } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'
import { now as clockNow } from '@/lib/clock'
import { can } from '@/lib/permissions'
import { ORIENTATION_STATUS_TONES, StatusBadge } from '@/components/ui/status-badge'

export const generateMetadata = pageMetadata('actionsDashboard')

/**
 * What needs the user's attention: first the partners' answers to their prescriptions (the unread ones, each
 * markable as read, and those of the last 30 days), and their prescriptions still without answer after the
 * organisation's reminder delay, or after the days chosen in the URL (`waiting`), or expired unanswered
 * (`waiting=expired`, with "Prescrire à nouveau"). A user who follows the whole organisation
 * (candidate.organisation.follow, an administrator's by default) sees all of its ones.
 */
export default async function ActionsDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireOrganisationUser()
  // Candidates' names are listed: candidate.visualize, as on the sheet.
  await requirePagePermission('candidate.visualize')
  const now = clockNow()
  const viewer = {
    userId: user.id,
    organisationId: user.organisationId,
    wholeOrganisation: can(user, 'candidate.organisation.follow'),
    workshops: can(user, 'workshops.visualize'),
    courses: can(user, 'support-courses.visualize'),
    orientations: can(user, 'candidate.orientation.decide'),
    prescriber: mayPrescribe(user),
    answerReminderDays: user.answerReminderDays,
  }
  const today = parisToday(now)
  const params = await searchParams
  const waitingParam = params[WAITING_PARAM]
  const filter = parseWaitingFilter(waitingParam)
  const expanded = parseExpanded(params)
  const { days, waiting, answers, unanswered, prescriber, workshopsToday, lateSteps, orientations, replies } =
    await actionsDashboard(getDb(), viewer, now, today, filter, expanded)
  // Each list shows its first DASHBOARD_ROWS (dashboard-lists.ts); « Afficher … » under it opens its page, the other
  // list and the filter as they are.
  const keptWaiting = typeof waitingParam === 'string' ? waitingParam : null
  const moreAnswers = expanded.answers ? null : showMoreLabel(answers.length, answers[0]?.total ?? 0, 'réponses')
  const moreUnanswered = expanded.unanswered
    ? null
    : showMoreLabel(unanswered.rows.length, unanswered.total, 'prescriptions')
  const unread = unreadTotalOf(answers)
  const unreadIds = new Set(answers.filter((a) => !a.readAt).map((a) => a.notificationId))
  const byApply = new Map(answers.map((a) => [a.id, a]))

  return (
    <>
      <PageHeader
        title={await pageTitle('actionsDashboard')}
        subtitle="Les réponses des partenaires à vos prescriptions, celles des candidats à vos SMS et les prescriptions à relancer."
      />
      {/* The partners' answers first (issue 42 §3): what the referent waited for, each one markable as read. */}
      <section aria-labelledby="answers" className="mb-10 flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="answers" className="text-lg font-semibold">
            Réponses reçues
            <span className="font-normal text-slate-600">
              {' '}
              ({unread > 0 ? `${formatNumber(unread)} non lue${unread > 1 ? 's' : ''}` : 'aucune non lue'})
            </span>
          </h2>
          <MarkAnswersReadButton unread={unread} />
        </div>
        {answers.length === 0 ? (
          <EmptyState title="Aucune réponse reçue ces 30 derniers jours.">
            Les réponses des partenaires à vos prescriptions apparaîtront ici.
          </EmptyState>
        ) : (
          <PrescriptionsTable
            caption="Réponses reçues"
            rows={answers}
            extra={[
              {
                header: 'Reçue le',
                cell: (row) => {
                  const a = byApply.get(row.id)!
                  return (
                    <span className="whitespace-nowrap">
                      {formatDate(a.notifiedAt)}
                      {unreadIds.has(a.notificationId) && (
                        <StatusBadge tone="warning" className="ml-2">
                          Non lue
                        </StatusBadge>
                      )}
                    </span>
                  )
                },
              },
              {
                header: <span className="sr-only">Action</span>,
                cell: (row) =>
                  unreadIds.has(byApply.get(row.id)!.notificationId) ? (
                    <MarkAnswerReadButton applyId={row.id} about={`${listName(row)}, ${row.offerName}`} />
                  ) : null,
              },
            ]}
          />
        )}
        {moreAnswers && (
          <p className="text-sm">
            <Link href={dashboardHref(keptWaiting, { ...expanded, answers: true }, 'answers')}>{moreAnswers}</Link>
          </p>
        )}
        <p className="text-xs text-slate-600">Les réponses lues restent affichées {ANSWERS_WINDOW_DAYS} jours.</p>
      </section>
      {orientations && orientations.total > 0 && (
        <section aria-labelledby="orientations" className="mb-10 flex flex-col gap-3">
          <h2 id="orientations" className="text-lg font-semibold">
            Orientations reçues
            <span className="font-normal text-slate-600">
              {' '}
              ({formatNumber(orientations.total)} à traiter
              {orientations.late > 0 ? `, dont ${formatNumber(orientations.late)} depuis plus de ${days} jours` : ''})
            </span>
          </h2>
          <ul className="flex flex-col gap-2">
            {orientations.rows.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm"
              >
                <Link href={`/v2/orientations/${o.id}`} className="font-medium">
                  {listName(o)}
                </Link>
                <span className="text-slate-700">
                  · {o.prescriberStructure} · reçue le {formatDate(o.createdAt)}
                </span>
                {o.late && <StatusBadge tone={ORIENTATION_STATUS_TONES.late}>En retard</StatusBadge>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {workshopsToday.length > 0 && (
        <section aria-labelledby="workshops-today" className="mb-10 flex flex-col gap-3">
          <h2 id="workshops-today" className="text-lg font-semibold">
            Mes ateliers du jour ({workshopsToday.length})
          </h2>
          <ul className="flex flex-col gap-2">
            {workshopsToday.map((w) => (
              <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <Link href={`/workshops/${w.id}`} className="font-medium">
                  {w.name}
                </Link>{' '}
                · {w.startsAt ? formatTime(w.startsAt) : ''}
                {w.endsAt ? ` – ${formatTime(w.endsAt)}` : ''} · {w.seatsTaken} / {w.capacity} inscrits
              </li>
            ))}
          </ul>
        </section>
      )}
      {lateSteps.length > 0 && (
        <section aria-labelledby="late-steps" className="mb-10 flex flex-col gap-3">
          <h2 id="late-steps" className="text-lg font-semibold">
            Étapes de parcours en retard ({lateSteps.length})
          </h2>
          <ul className="flex flex-col gap-2">
            {lateSteps.map((l) => (
              <li key={l.enrolmentId} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <Link href={`/support-courses/${l.courseId}`} className="font-medium">
                  {listName(l)}
                </Link>{' '}
                · {l.courseName} · {l.stepTitle ?? 'Étape'}, prévue le {formatDate(l.dueOn)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="sms-replies" className="mb-10 flex flex-col gap-3">
        <h2 id="sms-replies" className="text-lg font-semibold">
          Réponses à vos SMS
          <span className="font-normal text-slate-600">
            {' '}
            ({replies.length > 0 ? `${replies.length} non lue${replies.length > 1 ? 's' : ''}` : 'aucune nouvelle'})
          </span>
        </h2>
        {replies.length === 0 ? (
          <EmptyState title="Aucune réponse non lue à vos SMS.">
            Les réponses des candidats à vos SMS apparaîtront ici.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {replies.map((r) => (
              <li key={r.notificationId} className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
                <p>
                  <Link href={`/v2/candidate/${r.candidateId}/sms`} className="font-medium">
                    {listName(r)}
                  </Link>{' '}
                  <span className="text-slate-600">· {formatDateTime(r.receivedAt)}</span>
                </p>
                <p className="mt-1 line-clamp-2 text-slate-800">{r.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <UnansweredSection
        days={days}
        waiting={waiting}
        unanswered={unanswered}
        prescriber={prescriber}
        today={today}
        more={
          moreUnanswered
            ? {
                label: moreUnanswered,
                href: dashboardHref(keptWaiting, { ...expanded, unanswered: true }, 'unanswered'),
              }
            : null
        }
      />
    </>
  )
}
