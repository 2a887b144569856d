import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, fups, socialApplies, socialOffers } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { parisDaySql } from '@/lib/dates-sql'
import { causeLabelSql } from './causes'
import { organisationOfferCounts } from './counts'
import { selectRows, toApplyRows, type ApplyRow } from './offer-tab-rows'
import type { ApplyCounts, ApplyState, StoredApplyState } from './states'
import { waitlistRankSql } from './waitlist'
import { isUuid } from '@/lib/ids'
import { containsText } from '@/lib/search-sql'

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

/** The offer picker's lines at most, by name: typing narrows them. */
export const OFFER_CHOICES = 20

/**
 * The FUP list's offer picker: the offers the scope (the organisation, or one author) prescribed to whose name holds
 * `search` (accents and case aside), by name, OFFER_CHOICES at most; or the one whose id is `id` if the organisation
 * prescribed to it (the chosen offer, named whatever the scope; another organisation's gives none). A large département
 * prescribes to thousands of offers over the years: they are searched, never all listed. One probe of
 * social_applies_offer_organisation_idx per offer read, by name.
 */
export async function prescribedOffers(
  db: DbOrTx,
  organisationId: string,
  filter: { search: string; authorId?: string | null } | { id: string },
): Promise<{ id: string; name: string }[]> {
  const which =
    'id' in filter
      ? isUuid(filter.id)
        ? sql`o.id = ${filter.id}::uuid`
        : sql`false`
      : containsText(sql`passerelle_unaccent(lower(o.name))`, filter.search.trim())
  const author = 'authorId' in filter && filter.authorId ? sql` and a.author_id = ${filter.authorId}` : sql``
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select o.id, o.name from social_offers o
    where ${which}
      and exists (select 1 from social_applies a where a.social_offer_id = o.id and a.organisation_id = ${organisationId}${author})
    order by o.name, o.id
    limit ${OFFER_CHOICES}`)
  return rows
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
  return { rows: toApplyRows(rows), counts: counted }
}
