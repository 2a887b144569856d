import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { constant, prepared } from '@/lib/db/prepared'
import { candidates, fups, notifications, socialApplies, socialOffers, userHomeVisits } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { now as clockNow } from '@/lib/clock'
import { addElapsedDays } from '@/lib/dates'
import { applyColumns, appliesFrom } from './referent-lists'

/**
 * What an organisation's user follows up once a prescription is sent: the answers received (and the expiries), and
 * the prescriptions still unanswered past the organisation's reminder delay. The actions dashboard and the home page
 * show them.
 */

/** How long an answer stays under "Réponses reçues" once read. */
export const ANSWERS_WINDOW_DAYS = 30

/** What the referent's "Réponses reçues" lists: the partners' answers, and the prescriptions that expired unanswered. */
const ANSWER_NOTIFICATION_KINDS = ['fupAnswered', 'prescriptionExpired']

/** An answer notification of this user whose apply is one of the organisation's (a crafted id opens nothing else). */
const answerOf = (userId: string, organisationId: string) =>
  and(
    eq(notifications.userId, userId),
    inArray(notifications.kind, ANSWER_NOTIFICATION_KINDS),
    sql`exists (select 1 from ${socialApplies} where ${socialApplies.id} = (${notifications.payload}->>'applyId')::uuid
      and ${socialApplies.organisationId} = ${organisationId})`,
  )

/**
 * /v2/actions/dashboard, "Réponses reçues": the partners' answers notified to this user (sendFup writes the
 * rows) and the expiries (reminders.ts), unread ones and those of the last 30 days, each with its apply read in the
 * user's organisation; the unread first (newest first in each), so that a page never leaves an unread one out.
 * Counted in the same query as the list, on every row: `total`, the answers beyond the `limit` too; `unreadTotal`, the
 * unread ones (the home page and the dashboard say the same number, and never one that the list beside it
 * contradicts); `unreadSinceVisit`, those notified since the user's last visit of the home page (all unread ones
 * before a first visit).
 */
export function receivedAnswers(
  db: DbOrTx,
  params: { userId: string; organisationId: string; now?: Date; limit?: number },
) {
  return receivedAnswersStatement(db).execute({
    userId: params.userId,
    organisationId: params.organisationId,
    since: addElapsedDays(params.now ?? clockNow(), -ANSWERS_WINDOW_DAYS),
    limit: params.limit ?? PAGE_SIZE,
  })
}

/**
 * receivedAnswers' statement: the actions dashboard's and the home page's, read at each visit (lib/db/prepared.ts).
 * The counts run over the user's answer notifications and their applies' organisation only; then only the page's
 * rows (the `limit` first) are joined to their candidate, offer and FUP. A referent who reads none of their answers
 * has hundreds: when every one of them was joined before being counted, 384 took 3.6 ms a read; now 1.2.
 */
const receivedAnswersStatement = (db: DbOrTx) =>
  prepared(db, 'received_answers', (name) => {
    const listed = db
      .select({
        notificationId: sql<string>`${notifications.id}`.as('notification_id'),
        notifiedAt: sql`${notifications.createdAt}`.mapWith(notifications.createdAt).as('notified_at'),
        readAt: sql`${notifications.readAt}`.mapWith(notifications.readAt).as('read_at'),
        applyId: sql<string>`${socialApplies.id}`.as('apply_id'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
        unreadTotal: sql<number>`(count(*) filter (where ${notifications.readAt} is null) over ())::int`.as(
          'unread_total',
        ),
        unreadSinceVisit:
          sql<number>`(count(*) filter (where ${notifications.readAt} is null and ${notifications.createdAt} >
          coalesce((select ${userHomeVisits.visitedAt} from ${userHomeVisits} where ${userHomeVisits.userId} = ${sql.placeholder('userId')}),
            '-infinity'::timestamptz)) over ())::int`.as('unread_since_visit'),
      })
      .from(notifications)
      .innerJoin(socialApplies, eq(socialApplies.id, sql`(${notifications.payload}->>'applyId')::uuid`))
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          sql`${notifications.kind} in (${sql.join(ANSWER_NOTIFICATION_KINDS.map(constant), sql`, `)})`,
          eq(socialApplies.organisationId, sql.placeholder('organisationId')),
          or(isNull(notifications.readAt), gte(notifications.createdAt, sql.placeholder('since'))),
        ),
      )
      .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.createdAt))
      .limit(sql.placeholder('limit'))
      .as('listed')
    return db
      .select({
        notificationId: listed.notificationId,
        notifiedAt: listed.notifiedAt,
        readAt: listed.readAt,
        total: listed.total,
        unreadTotal: listed.unreadTotal,
        unreadSinceVisit: listed.unreadSinceVisit,
        ...applyColumns,
      })
      .from(listed)
      .innerJoin(socialApplies, eq(socialApplies.id, listed.applyId))
      .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
      .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
      .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
      .orderBy(sql`${listed.readAt} is null desc`, desc(listed.notifiedAt))
      .prepare(name)
  })

/** How many of the answers of `receivedAnswers` are unread (0 when none is listed). */
export const unreadTotalOf = (answers: readonly { unreadTotal: number }[]) => answers[0]?.unreadTotal ?? 0

/** Marks this user's answer notifications read; returns how many were unread. */
export async function markAnswersRead(db: DbOrTx, userId: string, now: Date = clockNow()): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, ANSWER_NOTIFICATION_KINDS),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/**
 * "Marquer comme lue" on one prescription (the actions dashboard's row, the candidate sheet's): this user's unread
 * answer notifications of that apply of their organisation are read; the others stay as they are. Returns how many
 * were unread (0: already read, or not this user's — nothing to say apart).
 */
export async function markAnswerRead(
  db: DbOrTx,
  params: { userId: string; organisationId: string; applyId: string; now?: Date },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: params.now ?? clockNow() })
    .where(
      and(
        answerOf(params.userId, params.organisationId),
        sql`${notifications.payload}->>'applyId' = ${params.applyId}`,
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/** Of a candidate's prescriptions, those whose answer this user has not read yet (the sheet's "Marquer comme lue"). */
export async function unreadAnswerApplyIds(
  db: DbOrTx,
  params: { userId: string; organisationId: string; candidateId: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ applyId: socialApplies.id })
    .from(notifications)
    .innerJoin(socialApplies, eq(socialApplies.id, sql`(${notifications.payload}->>'applyId')::uuid`))
    .where(
      and(
        eq(notifications.userId, params.userId),
        inArray(notifications.kind, ANSWER_NOTIFICATION_KINDS),
        isNull(notifications.readAt),
        eq(socialApplies.organisationId, params.organisationId),
        eq(socialApplies.candidateId, params.candidateId),
      ),
    )
  return rows.map((r) => r.applyId)
}

/**
 * "Prescriptions sans réponse depuis plus de N jours": the pending, non-archived prescriptions of the
 * organisation (of one author when given) made more than `days` days ago, oldest first, and their number. `before`,
 * when given, is that limit as an instant (the actions dashboard counts Paris calendar days: waiting-time.ts).
 */
export async function unansweredPrescriptions(
  db: DbOrTx,
  params: {
    organisationId: string
    authorId?: string | null
    days: number
    now?: Date
    before?: Date
    /** How many rows to read (a page by default); the total counts them all. */
    limit?: number
  },
) {
  const before = params.before ?? addElapsedDays(params.now ?? clockNow(), -params.days)
  const { organisationId, authorId } = params
  const limit = params.limit ?? PAGE_SIZE
  const [rows, total] = await Promise.all([
    authorId
      ? unansweredOfAuthor(db).execute({ organisationId, authorId, before, limit })
      : unansweredOfOrganisation(db).execute({ organisationId, before, limit }),
    authorId
      ? db
          .select({ n: count() })
          .from(socialApplies)
          .where(unansweredCondition(sql`${organisationId}`, before, sql`${authorId}`))
          .then(([r]) => r?.n ?? 0)
      : // The whole organisation: its waiting ones from the counters (counts.ts) less the recent ones
        // (social_applies_organisation_waiting_idx), in one snapshot; a big organisation has tens of thousands of late ones.
        db
          .execute<{ n: number }>(
            sql`
            select ((select coalesce(sum(n), 0) from (
                      select n from organisation_apply_counts where organisation_id = ${params.organisationId} and state = 'PRESCRIPTION_FILLED'
                      union all
                      select n from social_apply_count_deltas where organisation_id = ${params.organisationId} and state = 'PRESCRIPTION_FILLED') c)
                    - (select count(*) from social_applies
                       where organisation_id = ${params.organisationId} and state = 'PRESCRIPTION_FILLED' and not archived and prescription_date >= ${before}))::int as n`,
          )
          .then(({ rows: [r] }) => r?.n ?? 0),
  ])
  return { rows, total }
}

/** The pending, non-archived prescriptions of an organisation (of one author) made before an instant. */
const unansweredCondition = (organisationId: SQLWrapper, before: SQLWrapper | Date, authorId?: SQLWrapper) =>
  and(
    eq(socialApplies.organisationId, organisationId),
    eq(socialApplies.state, constant('PRESCRIPTION_FILLED')),
    eq(socialApplies.archived, constant(false)),
    lt(socialApplies.prescriptionDate, before),
    authorId ? eq(socialApplies.authorId, authorId) : undefined,
  )

/**
 * unansweredPrescriptions' rows, the whole organisation's or one author's, oldest first: the actions dashboard's second
 * list, read at each visit (lib/db/prepared.ts).
 */
const unansweredOfOrganisation = (db: DbOrTx) =>
  prepared(db, 'unanswered_organisation', (name) =>
    appliesFrom(db)
      .where(unansweredCondition(sql.placeholder('organisationId'), sql.placeholder('before')))
      .orderBy(asc(socialApplies.prescriptionDate))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  )
const unansweredOfAuthor = (db: DbOrTx) =>
  prepared(db, 'unanswered_author', (name) =>
    appliesFrom(db)
      .where(
        unansweredCondition(sql.placeholder('organisationId'), sql.placeholder('before'), sql.placeholder('authorId')),
      )
      .orderBy(asc(socialApplies.prescriptionDate))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  )

/**
 * "Expirées sans réponse": the organisation's prescriptions (one author's when given) that expired unanswered and were
 * not prescribed again since (no later prescription of the candidate to the same offer in the organisation), latest
 * expiry first, and their number: what the referent still has to act on.
 */
export async function expiredPrescriptions(
  db: DbOrTx,
  params: { organisationId: string; authorId?: string | null; limit?: number },
) {
  const condition = and(
    eq(socialApplies.organisationId, params.organisationId),
    eq(socialApplies.state, 'EXPIRED'),
    params.authorId ? eq(socialApplies.authorId, params.authorId) : undefined,
    sql`not exists (select 1 from social_applies later
      where later.organisation_id = ${params.organisationId} and later.candidate_id = ${socialApplies.candidateId}
        and later.social_offer_id = ${socialApplies.socialOfferId} and later.prescription_date > ${socialApplies.prescriptionDate})`,
  )
  const [rows, total] = await Promise.all([
    appliesFrom(db)
      .where(condition)
      .orderBy(desc(socialApplies.expiredAt), desc(socialApplies.id))
      .limit(params.limit ?? PAGE_SIZE),
    db
      .select({ n: count() })
      .from(socialApplies)
      .where(condition)
      .then(([r]) => r?.n ?? 0),
  ])
  return { rows, total }
}
