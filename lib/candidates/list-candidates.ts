import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { PAGE_SIZE, SEARCH_MIN_LENGTH } from '@/lib/constants'
import { isUuid } from '@/lib/ids'
import { invitationFilterSql, type InvitationFilter } from '@/lib/invitations/follow-up'
import { fullNameSql } from '@/lib/person-name-sql'
import { containsText } from '@/lib/search-sql'

export const CANDIDATE_SORTS = ['name', 'created', 'place', 'status'] as const
export type CandidateSort = (typeof CANDIDATE_SORTS)[number]
export type SortDirection = 'asc' | 'desc'

/** The referent filter's value for candidates that have none. */
export const NO_REFERENT = 'none'

export type CandidateListParams = {
  search?: string
  placeIds?: string[]
  statusIds?: string[]
  /** User ids, or NO_REFERENT. */
  referentIds?: string[]
  /** Only candidates with a placement under way on a job offer (proposé, entretien prévu, embauché). */
  placed?: boolean
  /** Only candidates with a workshop theme whose latest invitation is in one of these states. */
  invitationStates?: InvitationFilter[]
  /** The moment an invitation's expiry is read at (lib/clock's, from the caller: this module reaches the browser). */
  at?: Date
  sort?: CandidateSort
  direction?: SortDirection
  /** 1-based. */
  page?: number
}

/** One dashboard row. Never the NIR. */
export type CandidateListRow = {
  id: string
  firstName: string
  lastName: string
  phone: string | null
  email: string | null
  place: string | null
  status: string | null
  referent: string | null
  createdAt: Date
}

/**
 * What the search box matches: trimmed, applied from 2 characters (spec §5); a phone typed with separators
 * ('06 12', '06.12', '+33 6 12') becomes the digits stored ('0612').
 */
export function candidateSearchTerm(search: string | undefined): string | null {
  const s = search?.trim().slice(0, 100) ?? ''
  if (s.length < SEARCH_MIN_LENGTH) return null
  if (/^[+\d][\d\s.()-]*$/.test(s) && /\d/.test(s)) {
    const digits = s.replace(/[^\d+]/g, '').replace(/^(?:\+|00)33/, '0')
    return digits.length >= SEARCH_MIN_LENGTH ? digits : null
  }
  return s
}

/** The filters on candidates other than the search: each one in the where of both statements. */
function filterConditions(organisationId: string, params: CandidateListParams, column: (name: string) => SQL): SQL[] {
  const where: SQL[] = []
  // An id that is not a uuid matches nothing (rather than failing the cast).
  const uuidsIn = (name: string, ids: string[]) => {
    const valid = ids.filter(isUuid)
    return valid.length
      ? sql`${column(name)} in (${sql.join(
          valid.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`
  }
  if (params.placeIds?.length) where.push(uuidsIn('place_id', params.placeIds))
  if (params.statusIds?.length) where.push(uuidsIn('status_id', params.statusIds))
  if (params.referentIds?.length) {
    const ids = params.referentIds.filter((id) => id !== NO_REFERENT)
    const either: SQL[] = []
    if (ids.length)
      either.push(
        sql`${column('referent_id')} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    if (params.referentIds.includes(NO_REFERENT)) either.push(sql`${column('referent_id')} is null`)
    where.push(sql`(${sql.join(either, sql` or `)})`)
  }
  if (params.placed)
    where.push(
      sql`exists (select 1 from job_placements jp where jp.candidate_id = ${column('id')} and jp.status in ('proposed', 'interview', 'hired'))`,
    )
  if (params.invitationStates?.length)
    where.push(invitationFilterSql(organisationId, column('id'), params.invitationStates, params.at ?? null))
  return where
}

/**
 * ORDER BY over the page's columns (`t`: the relation's alias, or none for the output columns of the same select). Ties end on the id, so that pages never overlap;
 * places and statuses left empty come last.
 */
function orderBy(sort: CandidateSort, direction: SortDirection, t: string): SQL {
  const d = sql.raw(direction === 'desc' ? 'desc' : 'asc')
  const c = (name: string) => sql.raw(t ? `${t}.${name}` : name)
  switch (sort) {
    case 'created':
      return sql`${c('created_at')} ${d}, ${c('id')} ${d}`
    case 'place':
      return sql`${c('place_label')} ${d} nulls last, ${c('last_name')}, ${c('first_name')}, ${c('id')}`
    // The statuses' order of the organisation's settings (their workflow), not the alphabet of their labels.
    case 'status':
      return sql`${c('status_position')} ${d} nulls last, ${c('status_label')} ${d}, ${c('last_name')}, ${c('first_name')}, ${c('id')}`
    default:
      return sql`${c('last_name')} ${d}, ${c('first_name')} ${d}, ${c('id')} ${d}`
  }
}

/**
 * The page's 50 candidates from `source` (candidates, or the matches), sorted: only the label the sort needs is
 * joined before the LIMIT; the other labels are joined to the 50 rows only (`withLabels`).
 */
function pageOf(source: SQL, where: SQL, sort: CandidateSort, direction: SortDirection, offset: number): SQL {
  const sortJoin =
    sort === 'place'
      ? sql`, sp.label as place_label from ${source} left join places sp on sp.id = c.place_id`
      : sort === 'status'
        ? sql`, ss.label as status_label, ss.position as status_position from ${source} left join candidate_statuses ss on ss.id = c.status_id`
        : sql` from ${source}`
  return sql`select c.id, c.first_name, c.last_name, c.phone, c.email, c.created_at, c.place_id, c.status_id, c.referent_id${sortJoin}
    where ${where} order by ${orderBy(sort, direction, '')} limit ${PAGE_SIZE} offset ${offset}`
}

/** The row's columns from the page (aliased `page`), with its labels. */
const withLabels = sql`page.id, page.first_name, page.last_name, page.phone, page.email, page.created_at,
  p.label as place, st.label as status,
  ${fullNameSql('u')} as referent`
const labelJoins = sql`left join places p on p.id = page.place_id
  left join candidate_statuses st on st.id = page.status_id
  left join "user" u on u.id = page.referent_id`

type RawRow = {
  id: string
  first_name: string
  last_name: string
  phone: string | null
  email: string | null
  created_at: Date | string
  place: string | null
  status: string | null
  referent: string | null
  total?: number
}

const toRow = (r: RawRow): CandidateListRow => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  email: r.email,
  place: r.place,
  status: r.status,
  referent: r.referent,
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
})

/**
 * The candidates dashboard: one page (50 rows) of an organisation's candidates and the total under the
 * same search and filters. The organisation is in every where.
 *
 * Shaped for the planner (bench: candidates-dashboard-server):
 * - with a search, the matches are gathered first (MATERIALIZED, through the trigram index on search_text), then
 *   counted and sorted, in one statement. With count(*) over () and LIMIT instead, PostgreSQL 15 costs the plan as if
 *   it could stop after 50 rows and walks the organisation's name index, filtering every row;
 * - without a search, the page by name comes from the ordered (organisation, last_name, first_name) index and the
 *   count is a separate statement that reads no row data (run concurrently).
 */
export async function listCandidatesPage(
  db: DbOrTx,
  organisationId: string,
  params: CandidateListParams = {},
): Promise<{ rows: CandidateListRow[]; total: number }> {
  const sort = params.sort ?? 'name'
  const direction = params.direction ?? (sort === 'created' ? 'desc' : 'asc')
  const page = Math.max(1, Math.floor(params.page ?? 1))
  const offset = (page - 1) * PAGE_SIZE
  const order = orderBy(sort, direction, 'page')
  const term = candidateSearchTerm(params.search)

  if (term) {
    const filters = filterConditions(organisationId, params, (name) => sql.raw(name === 'id' ? 'candidates.id' : name))
    const result = await db.execute<RawRow>(sql`
      with matches as materialized (
        select id, first_name, last_name, phone, email, created_at, place_id, status_id, referent_id from candidates
        where organisation_id = ${organisationId}
          and ${containsText(sql`search_text`, term)}
          ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``}
      ), page as (${pageOf(sql`matches c`, sql`true`, sort, direction, offset)})
      select (select count(*) from matches)::int as total, ${withLabels}
      from (select 1) one left join page on true ${labelJoins}
      order by ${order}`)
    const rows = result.rows
    return { total: rows[0]?.total ?? 0, rows: rows.filter((r) => r.id !== null).map(toRow) }
  }

  const filters = filterConditions(organisationId, params, (name) => sql.raw(`c.${name}`))
  const where = sql.join([sql`c.organisation_id = ${organisationId}`, ...filters], sql` and `)
  const [rows, count] = await Promise.all([
    db.execute<RawRow>(sql`
      select ${withLabels} from (${pageOf(sql`candidates c`, where, sort, direction, offset)}) page ${labelJoins}
      order by ${order}`),
    countedTotal(db, organisationId, params) ??
      db.execute<{ total: number }>(sql`select count(*)::int as total from candidates c where ${where}`),
  ])
  return { total: count.rows[0]?.total ?? 0, rows: rows.rows.map(toRow) }
}

/**
 * The total from the counters kept by trigger (lib/candidates/counts.ts) when the filters are none, or places alone, or
 * statuses alone: the whole organisation's count(*) read 80 000 index entries per view of the dashboard. Else null.
 */
function countedTotal(db: DbOrTx, organisationId: string, params: CandidateListParams) {
  const places = params.placeIds?.length ? params.placeIds : null
  const statuses = params.statusIds?.length ? params.statusIds : null
  if (params.referentIds?.length || params.placed || params.invitationStates?.length || (places && statuses))
    return null
  const keys = places
    ? places.filter(isUuid).map((id) => `place:${id}`)
    : statuses
      ? statuses.filter(isUuid).map((id) => `status:${id}`)
      : null
  if (keys && !keys.length) return null
  const chosen = keys
    ? sql`key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql`key >= 'status:' and key < 'status;'`
  return db.execute<{ total: number }>(sql`
    select coalesce(sum(n), 0)::int as total from (
      select n from candidate_counts where organisation_id = ${organisationId} and ${chosen}
      union all
      select n from candidate_count_deltas where organisation_id = ${organisationId} and ${chosen}) c`)
}

/** Whether the organisation has any candidate at all: an empty result is then "no match", not "none yet". */
export async function hasCandidates(db: DbOrTx, organisationId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from candidates where organisation_id = ${organisationId}) as found`,
  )
  return !!result.rows[0]?.found
}
