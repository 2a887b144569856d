import { eq, sql } from 'drizzle-orm'
import { now as clockNow } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { userHomeVisits } from '@/lib/db/schema'
import { receivedAnswers, unansweredPrescriptions, unreadTotalOf } from '@/lib/prescriptions/referent-follows-up'
import { unreadSmsReplies } from '@/lib/sms/queries'

/** How many unread answers and late prescriptions the home page lists; links lead to all of them. */
export const HOME_ROWS = 5

/**
 * /homePage, the user's day: the partners' answers still unread (and how many came since the last visit),
 * the prescriptions late for an answer (the user's own; an administrator's whole organisation), and the unread SMS
 * replies. The unread answers' count and list come from one query, the actions dashboard's (receivedAnswers), so
 * that the page never says "1 unread" beside an empty list, nor another number than the dashboard.
 */
export async function userDay(
  db: DbOrTx,
  params: {
    userId: string
    organisationId: string
    wholeOrganisation: boolean
    /** The organisation's reminder delay in days (read with the session: CurrentUser.answerReminderDays). */
    answerReminderDays: number
    now?: Date
  },
) {
  const now = params.now ?? clockNow()
  const { userId, organisationId, answerReminderDays: days } = params
  const authorId = params.wholeOrganisation ? null : userId
  const [[visit], late, answers, replies] = await Promise.all([
    db.select({ visitedAt: userHomeVisits.visitedAt }).from(userHomeVisits).where(eq(userHomeVisits.userId, userId)),
    unansweredPrescriptions(db, { organisationId, authorId, days, now, limit: HOME_ROWS }),
    receivedAnswers(db, { userId, organisationId, now, limit: HOME_ROWS }),
    unreadSmsReplies(db, { userId, organisationId }),
  ])
  const lastVisit = visit?.visitedAt ?? null
  const unreadAnswers = answers.filter((a) => !a.readAt)
  return {
    lastVisit,
    reminderDays: days,
    /** The first unread answers (HOME_ROWS of them), newest first. */
    unreadAnswers,
    /** How many answers are unread, all of them (the dashboard's "N non lues"). */
    unreadCount: unreadTotalOf(answers),
    /** Of the unread answers, how many came since the last visit (all of them at the first visit). */
    unreadSinceLastVisit: answers[0]?.unreadSinceVisit ?? 0,
    late,
    unreadReplies: replies.length,
  }
}

export type UserDay = Awaited<ReturnType<typeof userDay>>

/**
 * Remembers the visit of a page that read the day at `at` (the next one counts what came since). Idempotent, and
 * never backwards: a late call from an older tab leaves a later visit in place.
 */
export async function recordHomeVisit(db: DbOrTx, userId: string, at: Date = clockNow()) {
  await db
    .insert(userHomeVisits)
    .values({ userId, visitedAt: at })
    .onConflictDoUpdate({
      target: userHomeVisits.userId,
      set: { visitedAt: sql`greatest(${userHomeVisits.visitedAt}, excluded.visited_at)` },
    })
}
