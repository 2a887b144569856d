import type { DbOrTx } from '@/lib/db/client'
import { addElapsedDays, parisInstant } from '@/lib/dates'
import { answerReminderDays, receivedAnswers, unansweredPrescriptions } from './referent-follows-up'
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
}

/**
 * /v2/actions/dashboard's read model, every part in the viewer's organisation: the partners' answers notified to the
 * viewer, the prescriptions unanswered past the organisation's reminder delay (`days`), the viewer's workshops of the
 * Paris day `today` (yyyy-mm-dd), their candidates' late course steps, the pending orientations (null when the viewer
 * may not decide them) and the unread SMS replies. `now` is what "late" and "within 30 days" compare with.
 */
export async function actionsDashboard(db: DbOrTx, viewer: ActionsDashboardViewer, now: Date, today: string) {
  const { userId, organisationId } = viewer
  const days = await answerReminderDays(db, organisationId)
  const [answers, unanswered, workshopsToday, lateSteps, orientations, replies] = await Promise.all([
    receivedAnswers(db, { userId, organisationId, now }),
    unansweredPrescriptions(db, { organisationId, authorId: viewer.wholeOrganisation ? null : userId, days, now }),
    viewer.workshops
      ? todaysWorkshopsOf(db, organisationId, userId, parisInstant(today, 0), parisInstant(today, 24 * 60))
      : [],
    viewer.courses ? lateStepsOf(db, organisationId, userId, today) : [],
    viewer.orientations ? pendingOrientations(db, organisationId, addElapsedDays(now, -days)) : null,
    unreadSmsReplies(db, { userId, organisationId }),
  ])
  return { days, answers, unanswered, workshopsToday, lateSteps, orientations, replies }
}
