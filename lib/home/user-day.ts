import { eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { userHomeVisits } from '@/lib/db/schema'
import { answerReminderDays, receivedAnswers, unansweredPrescriptions } from '@/lib/prescriptions/queries'
import { unreadSmsReplies } from '@/lib/sms/queries'
import { now as clockNow } from '@/lib/clock'

/**
 * /homePage, the user's day (issue 15 §3): the partners' answers received since the last visit, the prescriptions
 * late for an answer (the user's own; an administrator's whole organisation), and what is unread. Workshops, course
 * steps and orientations join once their modules exist.
 */
export async function userDay(db: DbOrTx, params: { userId: string; organisationId: string; wholeOrganisation: boolean; now?: Date }) {
  const now = params.now ?? clockNow()
  const [visit] = await db.select({ visitedAt: userHomeVisits.visitedAt }).from(userHomeVisits).where(eq(userHomeVisits.userId, params.userId))
  const lastVisit = visit?.visitedAt ?? null
  const days = await answerReminderDays(db, params.organisationId)
  const answers = await receivedAnswers(db, { userId: params.userId, organisationId: params.organisationId, now })
  const late = await unansweredPrescriptions(db, { organisationId: params.organisationId, authorId: params.wholeOrganisation ? null : params.userId, days, now })
  const replies = await unreadSmsReplies(db, { userId: params.userId, organisationId: params.organisationId })
  return {
    lastVisit,
    reminderDays: days,
    // Without a previous visit, the unread ones are the news.
    newAnswers: answers.filter((a) => (lastVisit ? a.notifiedAt > lastVisit : !a.readAt)),
    unreadAnswers: answers.filter((a) => !a.readAt).length,
    late,
    unreadReplies: replies.length,
  }
}

/** Remembers this visit, after the page read the previous one. */
export async function recordHomeVisit(db: DbOrTx, userId: string, now: Date = clockNow()) {
  await db
    .insert(userHomeVisits)
    .values({ userId, visitedAt: now })
    .onConflictDoUpdate({ target: userHomeVisits.userId, set: { visitedAt: now } })
}
