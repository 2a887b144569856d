import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, socialApplies, socialOffers } from '@/lib/db/schema'
import { PAGE_SIZE, SEARCH_MIN_LENGTH } from '@/lib/constants'
import { DAY_MS } from '@/lib/dates'
import { constant, prepared } from '@/lib/db/prepared'
import { countsOf, offerTabCounts } from './counts'
import { selectRows, toApplyRows, type ApplyRow, type RowRecord } from './offer-tab-rows'
import { APPLY_STATES, type ApplyCounts, type ApplyState } from './states'
import { containsText } from '@/lib/search-sql'

/**
 * What a partner structure lists: a tab of one of its offers (searched and filtered, spec §7 "Fetch applies by tab")
 * and its filter choices, its latest pending prescriptions and its archived ones (its dashboard).
 */

export type ApplyFilters = { search?: string; placeIds?: string[]; statusValues?: string[] }

/** Spec §9: search applies from 2 characters; otherwise no search filter at all. */
export function normalisedSearch(search: string | undefined): string | null {
  const s = search?.trim() ?? ''
  return s.length >= SEARCH_MIN_LENGTH ? s : null
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )

/**
 * The place and status filters, on the copies of the candidate's place and status that social_applies carries
 * (kept by triggers, drizzle/0007) and that the offer page's ordered indexes include: no candidate is read.
 */
function applyFilters(filters: ApplyFilters): SQL {
  const where: SQL[] = []
  if (filters.placeIds?.length) where.push(sql`candidate_place_id in (${uuidList(filters.placeIds)})`)
  if (filters.statusValues?.length) {
    const values = sql.join(
      filters.statusValues.map((v) => sql`${v}`),
      sql`, `,
    )
    where.push(sql`candidate_status_id in (select id from candidate_statuses where value in (${values}))`)
  }
  return where.length ? sql` and ${sql.join(where, sql` and `)}` : sql``
}

/** The search box: the candidate's accent- and case-free names, phone and email, served by the trigram index. */
function searchFilter(filters: ApplyFilters): SQL | null {
  const search = normalisedSearch(filters.search)
  return search ? containsText(sql`${candidates.searchText}`, search) : null
}

/** The three tabs' states as a relation `tab(state)`: the counts read the ordered offer index once per state. */
const TAB_STATES = sql`unnest(array[${sql.join(
  APPLY_STATES.map((s) => sql`${s}`),
  sql`, `,
)}]::apply_state[]) as tab(state)`

/**
 * The pending tab lists the longest-waiting prescriptions first: the answers most overdue are the ones to give first
 * (issue 40 §3). The answered tabs show the latest answers first. Either order reads the offer's ordered index, forwards
 * or backwards.
 */
const PENDING_ORDER = 'prescription_date asc, id asc'
const ANSWERED_ORDER = 'response_date desc, id desc'

/**
 * Without search or filter (how the page opens, and every tab switch), the page and the counts are prepared statements
 * (lib/db/prepared.ts): their SQL is built once, and PostgreSQL plans them once per connection instead of at each
 * request (planning the page's join took about as long as running it). The pending tab and the answered ones sort on
 * different dates: one statement each.
 */
const plainPage = (db: DbOrTx, tab: ApplyState) => {
  const pending = tab === 'PRESCRIPTION_FILLED'
  return prepared(db, pending ? 'applies_page_pending' : 'applies_page_answered', (name) =>
    selectRows(
      db,
      sql`select id from social_applies
        where social_offer_id = ${sql.placeholder('offerId')} and structure_id = ${sql.placeholder('structureId')} and not archived
          and state = ${sql.placeholder('tab')}
        order by ${sql.raw(pending ? PENDING_ORDER : ANSWERED_ORDER)}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('skip')}`,
      tab,
    ).prepare(name),
  )
}

/**
 * Spec §7 "Fetch applies by tab": one page of an offer's non-archived applies in one tab, and the three
 * tab counts under the same filters. Scoped to the partner structure that owns the offer.
 *
 * Shaped for the planner (bench: applies-by-tab-server): the page's 50 ids are chosen from social_applies alone
 * through the ordered offer indexes, and only those 50 rows are joined; without a filter the counts come from the
 * offer's counters (counts.ts), with one they read the ordered index alone. With a candidate filter, the offer's
 * applies are gathered first (MATERIALIZED) and then matched, so a common search fragment never drives the plan.
 */
export async function listAppliesByTab(
  db: DbOrTx,
  params: {
    structureId: string
    offerId: string
    tab: ApplyState
    filters?: ApplyFilters
    skip?: number
    limit?: number
  },
): Promise<{ rows: ApplyRow[]; counts: ApplyCounts }> {
  const { structureId, offerId, tab, filters = {}, skip = 0, limit = PAGE_SIZE } = params
  const byApply = applyFilters(filters)
  const search = searchFilter(filters)
  let rows: RowRecord[]
  let countRows: { state: ApplyState; n: number }[]
  if (!search && !filters.placeIds?.length && !filters.statusValues?.length) {
    ;[rows, countRows] = await Promise.all([
      plainPage(db, tab).execute({ offerId, structureId, tab, limit, skip }),
      offerTabCounts(db).execute({ offerId, structureId }),
    ])
  } else {
    const pending = tab === 'PRESCRIPTION_FILLED'
    const dateColumn = sql.raw(pending ? 'prescription_date' : 'response_date')
    const direction = sql.raw(pending ? 'asc' : 'desc')
    // Without a search, the ordered index answers alone (its INCLUDE columns carry the place and status filters).
    // With one, the offer's applies are gathered first (MATERIALIZED) and only those candidates are matched, so a
    // common fragment never drives the plan.
    const pageIds = search
      ? sql`with offer_applies as materialized (select id, candidate_id, ${dateColumn} as sort_date from social_applies
            where social_offer_id = ${offerId} and structure_id = ${structureId} and not archived and state = ${tab}${byApply})
          select offer_applies.id from offer_applies
          join candidates on candidates.id = offer_applies.candidate_id
          where ${search}
          order by offer_applies.sort_date ${direction}, offer_applies.id ${direction} limit ${limit} offset ${skip}`
      : sql`select id from social_applies
          where social_offer_id = ${offerId} and structure_id = ${structureId} and not archived and state = ${tab}${byApply}
          order by ${dateColumn} ${direction}, id ${direction} limit ${limit} offset ${skip}`
    // The three counts, one ordered-index range per state (index only): a single range over the offer's applies would
    // make the planner read them from the table instead (14 ms rather than 2 for an offer of 14 000 applies).
    const countsQuery = search
      ? sql`with offer_applies as materialized (
            select tab.state, a.candidate_id from ${TAB_STATES} cross join lateral (select candidate_id from social_applies
              where social_offer_id = ${offerId} and structure_id = ${structureId} and state = tab.state and not archived${byApply}) a)
          select offer_applies.state, count(*)::int as n from offer_applies
          join candidates on candidates.id = offer_applies.candidate_id
          where ${search} group by offer_applies.state`
      : sql`select tab.state, (select count(*)::int from social_applies
            where social_offer_id = ${offerId} and structure_id = ${structureId} and state = tab.state and not archived${byApply}) as n
          from ${TAB_STATES}`
    const [filtered, counted] = await Promise.all([
      selectRows(db, pageIds, tab),
      db.execute<{ state: ApplyState; n: number }>(countsQuery),
    ])
    rows = filtered
    countRows = counted.rows
  }
  return { counts: countsOf(countRows), rows: toApplyRows(rows) }
}

/**
 * The organisations that prescribe to a structure, as a relation `prescribers(id)`: a skip scan of the
 * (structure_id, organisation_id) index, one probe per organisation. `select distinct` read every apply of the
 * structure instead (15 682 index entries for 5 organisations at the bench's busiest structure: 3.5 ms, twice per page).
 */
const PRESCRIBERS = sql`with recursive prescribers(id) as (
    (select organisation_id from social_applies where structure_id = ${sql.placeholder('structureId')} order by organisation_id limit 1)
    union all
    select (select a.organisation_id from social_applies a
              where a.structure_id = ${sql.placeholder('structureId')} and a.organisation_id > p.id order by a.organisation_id limit 1)
      from prescribers p where p.id is not null
  )`

/** Both lists in one prepared statement (lib/db/prepared.ts): places by id, statuses by value (the same value in two organisations is one choice). */
const filterOptions = (db: DbOrTx) =>
  prepared(db, 'apply_filter_options', (name) =>
    db
      .select({
        kind: sql<'place' | 'status'>`options.kind`,
        value: sql<string>`options.value`,
        label: sql<string>`options.label`,
      })
      .from(
        sql`(${PRESCRIBERS}
          select 'place' as kind, pl.id::text as value, pl.label from places pl where pl.organisation_id in (select id from prescribers)
          union all
          (select distinct 'status', cs.value, cs.label from candidate_statuses cs where cs.organisation_id in (select id from prescribers))
        ) as options`,
      )
      .orderBy(sql`options.kind`, sql`options.label`, sql`options.value`)
      .prepare(name),
  )

/** The filter choices of an offer page: places and candidate statuses of the organisations that prescribe to the structure. */
export async function applyFilterOptions(db: DbOrTx, structureId: string) {
  const rows = await filterOptions(db).execute({ structureId })
  const choices = (kind: 'place' | 'status') =>
    rows.filter((r) => r.kind === kind).map(({ value, label }) => ({ value, label }))
  return { places: choices('place'), statuses: choices('status') }
}

/**
 * The partner dashboard's three lists (its pending, expired and archived prescriptions): the partner's home, read at
 * each of its visits, so prepared once (lib/db/prepared.ts) like the offer page's lists.
 */
const pendingOfStructure = (db: DbOrTx) =>
  prepared(db, 'structure_pending', (name) =>
    db
      .select({
        id: socialApplies.id,
        offerId: socialOffers.id,
        offerName: socialOffers.name,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        prescriptionDate: socialApplies.prescriptionDate,
      })
      .from(socialApplies)
      .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
      .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
      .where(
        and(
          eq(socialApplies.structureId, sql.placeholder('structureId')),
          eq(socialApplies.state, constant('PRESCRIPTION_FILLED')),
          eq(socialApplies.archived, constant(false)),
        ),
      )
      .orderBy(desc(socialApplies.prescriptionDate))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  )

/** The partner dashboard: the structure's latest pending prescriptions across its offers. */
export async function pendingAppliesOfStructure(db: DbOrTx, structureId: string, limit = 10) {
  return pendingOfStructure(db).execute({ structureId, limit })
}

/** How far back the partner's dashboard lists the prescriptions that expired unanswered. */
export const EXPIRED_SHOWN_DAYS = 90

/**
 * The partner dashboard: the structure's prescriptions that expired unanswered in the last 90 days, latest first.
 * They left the three tabs (they can no longer be answered), but the partner still finds them, as the referent does.
 */
const expiredOfStructure = (db: DbOrTx) =>
  prepared(db, 'structure_expired', (name) =>
    db
      .select({
        id: socialApplies.id,
        offerName: socialOffers.name,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        prescriptionDate: socialApplies.prescriptionDate,
        expiredAt: socialApplies.expiredAt,
      })
      .from(socialApplies)
      .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
      .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
      .where(
        and(
          eq(socialApplies.structureId, sql.placeholder('structureId')),
          eq(socialApplies.state, constant('EXPIRED')),
          eq(socialApplies.archived, constant(false)),
          gt(socialApplies.expiredAt, sql.placeholder('since')),
        ),
      )
      .orderBy(desc(socialApplies.expiredAt))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  )

export async function expiredAppliesOfStructure(db: DbOrTx, structureId: string, now: Date, limit = 10) {
  return expiredOfStructure(db).execute({
    structureId,
    since: new Date(now.getTime() - EXPIRED_SHOWN_DAYS * DAY_MS),
    limit,
  })
}

/** The structure's archived applies, newest archive first: where they can be found and restored. */
const archivedOfStructure = (db: DbOrTx) =>
  prepared(db, 'structure_archived', (name) =>
    db
      .select({
        id: socialApplies.id,
        state: socialApplies.state,
        offerName: socialOffers.name,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        archivedAt: socialApplies.archivedAt,
      })
      .from(socialApplies)
      .innerJoin(candidates, eq(candidates.id, socialApplies.candidateId))
      .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
      .where(
        and(eq(socialApplies.structureId, sql.placeholder('structureId')), eq(socialApplies.archived, constant(true))),
      )
      .orderBy(desc(socialApplies.archivedAt))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  )

export async function archivedAppliesOfStructure(db: DbOrTx, structureId: string, limit = PAGE_SIZE) {
  return archivedOfStructure(db).execute({ structureId, limit })
}
