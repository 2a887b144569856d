import { causeLabelSql } from '@/lib/applies/causes'
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, fups, notifications, organisations, socialApplies, socialOffers, users } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import type { StoredApplyState } from '@/lib/applies/states'
import { now as clockNow } from '@/lib/clock'
import { addElapsedDays } from '@/lib/dates'

/** What every prescription list shows: the apply, its candidate, offer and partner, and its two documents. */
const applyColumns = {
  id: socialApplies.id,
  state: socialApplies.state,
  archived: socialApplies.archived,
  candidateId: candidates.id,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  offerId: socialOffers.id,
  offerName: socialOffers.name,
  providerName: socialOffers.providerName,
  prescriptionDate: socialApplies.prescriptionDate,
  responseDate: socialApplies.responseDate,
  remindedAt: socialApplies.remindedAt,
  expiredAt: socialApplies.expiredAt,
  firstReceptionDate: socialApplies.firstReceptionDate,
  assessmentDate: socialApplies.assessmentDate,
  cause: socialApplies.cause,
  causeLabel: causeLabelSql(sql`${socialApplies.organisationId}`, sql`${socialApplies.cause}`),
  authorId: socialApplies.authorId,
  prescriptionDocumentId: socialApplies.prescriptionDocumentId,
  answerDocumentId: fups.answerDocumentId,
  hasFup: sql<boolean>`${fups.id} is not null`,
}

function appliesFrom(db: DbOrTx) {
  return db
    .select(applyColumns)
    .from(socialApplies)
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
}
export type PrescriptionRow = Awaited<ReturnType<typeof candidatePrescriptions>>[number]

/** The candidate sheet's Prescriptions section: every apply of the candidate (archived ones too: the history is the referent's). */
export function candidatePrescriptions(db: DbOrTx, organisationId: string, candidateId: string) {
  return appliesFrom(db)
    .where(and(eq(socialApplies.organisationId, organisationId), eq(socialApplies.candidateId, candidateId)))
    .orderBy(desc(socialApplies.prescriptionDate), desc(socialApplies.id))
}

export type FupListFilters = {
  authorId?: string | null
  state?: StoredApplyState | null
  offerId?: string | null
  from?: string | null
  to?: string | null
  page?: number
}

/**
 * /v2/candidates/fup: one page (50) of the organisation's prescriptions and the partners' answers, newest first,
 * and the total. `authorId` narrows to one referent's own; dates are Paris calendar days of the prescription.
 */
export async function listFup(db: DbOrTx, organisationId: string, filters: FupListFilters = {}) {
  const page = Math.max(1, filters.page ?? 1)
  const where: (SQL | undefined)[] = [eq(socialApplies.organisationId, organisationId)]
  if (filters.authorId) where.push(eq(socialApplies.authorId, filters.authorId))
  if (filters.state) where.push(eq(socialApplies.state, filters.state))
  if (filters.offerId) where.push(eq(socialApplies.socialOfferId, filters.offerId))
  if (filters.from)
    where.push(sql`(${socialApplies.prescriptionDate} at time zone 'Europe/Paris')::date >= ${filters.from}::date`)
  if (filters.to)
    where.push(sql`(${socialApplies.prescriptionDate} at time zone 'Europe/Paris')::date <= ${filters.to}::date`)
  const condition = and(...where)
  const wholeOrganisation = !filters.authorId && !filters.offerId && !filters.from && !filters.to
  const state = filters.state ? sql`and state = ${filters.state}` : sql``
  const [rows, total] = await Promise.all([
    appliesFrom(db)
      .where(condition)
      .orderBy(desc(socialApplies.prescriptionDate), desc(socialApplies.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    wholeOrganisation
      ? // The statistics' counters count every prescription (archived ones too, as this list shows them): a few hundred
        // rows instead of a big organisation's 200 000 (lib/statistics/queries.ts).
        db
          .execute<{ n: number }>(
            sql`
            select coalesce(sum(n), 0)::int as n from (
              select n from stats_apply_org_months where organisation_id = ${organisationId} ${state}
              union all
              select n from stats_apply_deltas where organisation_id = ${organisationId} ${state}) c`,
          )
          .then(({ rows: [r] }) => r?.n ?? 0)
      : db
          .select({ n: count() })
          .from(socialApplies)
          .where(condition)
          .then(([r]) => r?.n ?? 0),
  ])
  return { rows, total, page }
}

/** The offer filter offers at most this many offers, those prescribed to most recently… */
export const OFFER_CHOICES = 200
/** …among the scope's most recent prescriptions. */
export const OFFER_CHOICES_FROM = 2000

/**
 * The FUP list's offer filter: the 200 offers most recently prescribed to in the scope (the organisation, or one
 * author), found among its 2 000 most recent prescriptions read newest first from an index, plus the offer already
 * chosen. A large département prescribes to thousands of offers over the years: all of them would make a select of
 * several thousand options on every page.
 */
export function prescribedOffers(
  db: DbOrTx,
  organisationId: string,
  { authorId, selectedOfferId }: { authorId?: string | null; selectedOfferId?: string | null } = {},
) {
  const recent = sql`select offer_id from (
      select ${socialApplies.socialOfferId} as offer_id, ${socialApplies.prescriptionDate} as at from ${socialApplies}
      where ${socialApplies.organisationId} = ${organisationId}${authorId ? sql` and ${socialApplies.authorId} = ${authorId}` : sql``}
      order by ${socialApplies.prescriptionDate} desc, ${socialApplies.id} desc limit ${OFFER_CHOICES_FROM}
    ) latest group by offer_id order by max(at) desc limit ${OFFER_CHOICES}`
  return db
    .select({ value: socialOffers.id, label: socialOffers.name })
    .from(socialOffers)
    .where(
      sql`${socialOffers.id} in (${recent})${
        selectedOfferId
          ? sql` or (${socialOffers.id} = ${selectedOfferId} and exists (select 1 from ${socialApplies} where ${socialApplies.socialOfferId} = ${selectedOfferId} and ${socialApplies.organisationId} = ${organisationId}))`
          : sql``
      }`,
    )
    .orderBy(socialOffers.name)
}

/** How long an answer stays under "Réponses reçues" once read. */
export const ANSWERS_WINDOW_DAYS = 30

/** What the referent's "Réponses reçues" lists: the partners' answers, and the prescriptions that expired unanswered. */
const ANSWER_NOTIFICATION_KINDS = ['fupAnswered', 'prescriptionExpired']

/**
 * /v2/actions/dashboard, "Réponses reçues": the partners' answers notified to this user (sendFup writes the
 * rows) and the expiries (lib/prescriptions/reminders.ts), unread ones and those of the last 30 days, each with its
 * apply read in the user's organisation.
 */

export function receivedAnswers(db: DbOrTx, params: { userId: string; organisationId: string; now?: Date }) {
  const since = addElapsedDays(params.now ?? clockNow(), -ANSWERS_WINDOW_DAYS)
  return db
    .select({
      notificationId: notifications.id,
      notifiedAt: notifications.createdAt,
      readAt: notifications.readAt,
      ...applyColumns,
    })
    .from(notifications)
    .innerJoin(socialApplies, eq(socialApplies.id, sql`(${notifications.payload}->>'applyId')::uuid`))
    .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .leftJoin(fups, eq(fups.socialApplyId, socialApplies.id))
    .where(
      and(
        eq(notifications.userId, params.userId),
        inArray(notifications.kind, ANSWER_NOTIFICATION_KINDS),
        eq(socialApplies.organisationId, params.organisationId),
        or(isNull(notifications.readAt), gte(notifications.createdAt, since)),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(PAGE_SIZE)
}

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
 * "Prescriptions sans réponse depuis plus de N jours": the pending, non-archived prescriptions of the
 * organisation (of one author when given) made more than `days` days ago, oldest first, and their number.
 */
export async function unansweredPrescriptions(
  db: DbOrTx,
  params: { organisationId: string; authorId?: string | null; days: number; now?: Date },
) {
  const before = addElapsedDays(params.now ?? clockNow(), -params.days)
  const condition = and(
    eq(socialApplies.organisationId, params.organisationId),
    eq(socialApplies.state, 'PRESCRIPTION_FILLED'),
    eq(socialApplies.archived, false),
    lt(socialApplies.prescriptionDate, before),
    params.authorId ? eq(socialApplies.authorId, params.authorId) : undefined,
  )
  const [rows, total] = await Promise.all([
    appliesFrom(db).where(condition).orderBy(asc(socialApplies.prescriptionDate)).limit(PAGE_SIZE),
    params.authorId
      ? db
          .select({ n: count() })
          .from(socialApplies)
          .where(condition)
          .then(([r]) => r?.n ?? 0)
      : // The whole organisation: its waiting ones from the counters (lib/applies/tab-counts.ts) less the recent ones
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

/** The organisation's reminder delay (organisations.answer_reminder_days, 10 by default). */
export async function answerReminderDays(db: DbOrTx, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ days: organisations.answerReminderDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row?.days ?? 10
}

/** The prescriber part of the sheet, prefilled from the signed-in user and their organisation. */
export async function prescriberDefaults(db: DbOrTx, userId: string, organisationId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      structure: organisations.name,
      address: organisations.addressFormatted,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
  if (!row) return null
  return {
    rsaReferentName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone ?? '',
    structure: row.structure,
    address: row.address ?? '',
  }
}
export type PrescriberDefaults = NonNullable<Awaited<ReturnType<typeof prescriberDefaults>>>
