import { PAGE_SIZE } from '@/lib/constants'
import type { DbOrTx } from '@/lib/db/client'
import { addElapsedDays, parisInstant } from '@/lib/dates'
import { prescriberDefaults } from './prescription-sheet'
import { expiredPrescriptions, receivedAnswers, unansweredPrescriptions } from './referent-follows-up'
import type { WaitingFilter } from './waiting-filter'
import { DASHBOARD_ROWS, NOT_EXPANDED, type DashboardExpanded } from './dashboard-lists'
import { waitedMoreThanCutoff } from './waiting-time'
import { pendingOrientations } from '@/lib/referrals/queries'
import { unreadSmsReplies } from '@/lib/sms/queries'
import { lateStepsOf } from '@/lib/support-courses/queries'
import { todaysWorkshopsOf } from '@/lib/workshops/queries'

/**
 * Who reads the actions dashboard, and which of its parts they may see: a user holding candidate.organisation.follow
 * follows the whole organisation's unanswered prescriptions, anyone else their own.
 */
export type ActionsDashboardViewer = {
  userId: string
  organisationId: string
  wholeOrganisation: boolean
  workshops: boolean
  courses: boolean
  orientations: boolean
  /** May prescribe (mayPrescribe): the expired ones offer "Prescrire à nouveau". */
  prescriber?: boolean
  /** The organisation's reminder delay in days (read with the session: CurrentUser.answerReminderDays). */
  answerReminderDays: number
}

/** The rows a list reads: the first DASHBOARD_ROWS, or a page once expanded. */
const rowsOf = (expanded: boolean) => (expanded ? PAGE_SIZE : DASHBOARD_ROWS)

/**
 * /v2/actions/dashboard's read model, every part in the viewer's organisation: the partners' answers notified to the
 * viewer, the prescriptions unanswered past the organisation's reminder delay (`days`, the viewer's) or past the `filter`'s days
 * (Paris calendar days, as "En attente depuis N jours" counts them), or the expired ones, the viewer's workshops of the
 * Paris day `today` (yyyy-mm-dd), their candidates' late course steps, the pending orientations (null when the viewer
 * may not decide them) and the unread SMS replies. `now` is what "late" and "within 30 days" compare with. The answers
 * and the unanswered ones are DASHBOARD_ROWS each, or a page for the lists `expanded` says.
 */
export async function actionsDashboard(
  db: DbOrTx,
  viewer: ActionsDashboardViewer,
  now: Date,
  today: string,
  filter: WaitingFilter | null = null,
  expanded: DashboardExpanded = NOT_EXPANDED,
) {
  const { userId, organisationId, answerReminderDays: days } = viewer
  const waiting: WaitingFilter = filter ?? { kind: 'days', days }
  const authorId = viewer.wholeOrganisation ? null : userId
  const [answers, unanswered, prescriber, workshopsToday, lateSteps, orientations, replies] = await Promise.all([
    receivedAnswers(db, { userId, organisationId, now, limit: rowsOf(expanded.answers) }),
    waiting.kind === 'expired'
      ? expiredPrescriptions(db, { organisationId, authorId, limit: rowsOf(expanded.unanswered) })
      : unansweredPrescriptions(db, {
          organisationId,
          authorId,
          days: waiting.days,
          before: waitedMoreThanCutoff(today, waiting.days),
          now,
          limit: rowsOf(expanded.unanswered),
        }),
    // "Prescrire à nouveau" on an expired one opens the prescription dialog, prefilled with the viewer's details.
    waiting.kind === 'expired' && viewer.prescriber ? prescriberDefaults(db, userId, organisationId) : null,
    viewer.workshops
      ? todaysWorkshopsOf(db, organisationId, userId, parisInstant(today, 0), parisInstant(today, 24 * 60))
      : [],
    viewer.courses ? lateStepsOf(db, organisationId, userId, today) : [],
    viewer.orientations ? pendingOrientations(db, organisationId, addElapsedDays(now, -days)) : null,
    unreadSmsReplies(db, { userId, organisationId }),
  ])
  return { days, waiting, answers, unanswered, prescriber, workshopsToday, lateSteps, orientations, replies }
}
