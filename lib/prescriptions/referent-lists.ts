import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, fups, socialApplies, socialOffers } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { parisDaySql } from '@/lib/dates-sql'
import { causeLabelSql } from './causes'
import { organisationOfferCounts } from './counts'
import { selectRows, toApplyRow, type ApplyRow } from './offer-tab-rows'
import type { ApplyCounts, ApplyState, StoredApplyState } from './states'
import { waitlistRankSql } from './waitlist'

/**
 * What an organisation lists of its prescriptions: a candidate's, the FUP list (/v2/candidates/fup) with its offer
 * filter, and an offer page's tabs read by its referents and counsellors.
 */

/** What every prescription list shows: the apply, its candidate, offer and partner, and its two documents. */
export const applyColumns = {
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
  waitlistRank: waitlistRankSql,
}

export function appliesFrom(db: DbOrTx) {
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
  if (filters.from) where.push(sql`${parisDaySql(socialApplies.prescriptionDate)} >= ${filters.from}::date`)
  if (filters.to) where.push(sql`${parisDaySql(socialApplies.prescriptionDate)} <= ${filters.to}::date`)
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

/**
 * The prescriptions one organisation made to one offer, in the offer page's three tabs, for its referents
 * and counsellors (read-only: the partner answers them). The organisation is in every where: another organisation's
 * prescriptions to the same offer are never read. Archived ones are left out, as on the partner's side.
 */
export async function listOrganisationApplies(
  db: DbOrTx,
  params: { organisationId: string; offerId: string; tab: ApplyState; skip?: number; limit?: number },
): Promise<{ rows: ApplyRow[]; counts: ApplyCounts }> {
  const { organisationId, offerId, tab, skip = 0, limit = PAGE_SIZE } = params
  // As on the partner's side (partner-lists.ts): pending ones longest-waiting first, answers latest first.
  const order = sql.raw(tab === 'PRESCRIPTION_FILLED' ? 'prescription_date asc, id asc' : 'response_date desc, id desc')
  // The (social_offer_id, organisation_id) index gives the organisation's applies to the offer.
  const pageIds = sql`select id from social_applies
    where social_offer_id = ${offerId} and organisation_id = ${organisationId} and not archived and state = ${tab}
    order by ${order} limit ${limit} offset ${skip}`
  const [rows, counted] = await Promise.all([
    selectRows(db, pageIds, tab),
    organisationOfferCounts(db, organisationId, offerId),
  ])
  return { rows: rows.map(toApplyRow), counts: counted }
}
