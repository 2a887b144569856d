import { eq } from 'drizzle-orm'
import { now as clockNow } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { userHomeVisits } from '@/lib/db/schema'
import { answerReminderDays, receivedAnswers, unansweredPrescriptions } from '@/lib/prescriptions/queries'
import { unreadSmsReplies } from '@/lib/sms/queries'

/**
 * /homePage, the user's day (issue 15 §3): the partners' answers still unread (and how many came since the last visit),
 * the prescriptions late for an answer (the user's own; an administrator's whole organisation), and the unread SMS
 * replies. The unread answers are both the count and the list, so that the page never says "1 unread" beside an
 * empty list (issue 32).
 */
export async function userDay(
  db: DbOrTx,
  params: { userId: string; organisationId: string; wholeOrganisation: boolean; now?: Date },
) {
  const now = params.now ?? clockNow()
  const [visit] = await db
    .select({ visitedAt: userHomeVisits.visitedAt })
    .from(userHomeVisits)
    .where(eq(userHomeVisits.userId, params.userId))
  const lastVisit = visit?.visitedAt ?? null
  const days = await answerReminderDays(db, params.organisationId)
  const answers = await receivedAnswers(db, { userId: params.userId, organisationId: params.organisationId, now })
  const late = await unansweredPrescriptions(db, {
    organisationId: params.organisationId,
    authorId: params.wholeOrganisation ? null : params.userId,
    days,
    now,
  })
  const replies = await unreadSmsReplies(db, { userId: params.userId, organisationId: params.organisationId })
  const unreadAnswers = answers.filter((a) => !a.readAt)
  return {
    lastVisit,
    reminderDays: days,
    unreadAnswers,
    /** Of the unread answers, those that came since the last visit (all of them at the first visit). */
    unreadSinceLastVisit: unreadAnswers.filter((a) => !lastVisit || a.notifiedAt > lastVisit).length,
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
