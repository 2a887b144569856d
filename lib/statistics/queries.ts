import { sql, type SQL } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { causeLabels } from '@/lib/prescriptions/causes'
import { candidateCountsSource } from '@/lib/candidates/counts'
import { now } from '@/lib/clock'
import { monthsBetween, periodInstants, type StatisticsFilters } from './filters'
import { foldDeltas } from '@/lib/counters/fold-deltas'
import { parisToday } from '@/lib/dates'
import { activeStaffChoices } from '@/lib/organisation/active-staff'
import { fullName } from '@/lib/person-name'
import { isUuid } from '@/lib/ids'
import { containsText } from '@/lib/search-sql'

/** The period's prescription figures, aggregated in PostgreSQL: per month and state, and per cause of refusal. */
type FigureRow = {
  kind: 'month' | 'cause'
  key: string
  state: string | null
  n: number
}

/** The figures' closing part, shared by both reads: the rows per month and state, and per cause, of `source`'s rows. */
const figuresFrom = (source: SQL) => sql`
  with counts as materialized (${source})
  select 'month' as kind, to_char(month, 'YYYY-MM') as key, state::text as state, sum(n)::int as n
  from counts group by month, state having sum(n) <> 0
  union all
  select 'cause', cause, null, sum(n)::int from counts where state = 'REFUSED_STRUCTURE' group by cause having sum(n) <> 0`

/**
 * The prescription figures of the period, in one round trip that returns a few hundred rows at most. Without a referent
 * or an offer filter they come from the monthly counters (plus the deltas not yet folded in: exact at any moment):
 * the organisation's rollup stats_apply_org_months, or one structure's stats_apply_months; with one, from the
 * prescriptions themselves, through the author's or the offer's index. The structures' answer delays are not here:
 * lib/statistics/answer-delays.ts (and its hourly summary) gives them, in calendar days, for the whole page.
 */
async function applyFigures(db: DbOrTx, organisationId: string, f: StatisticsFilters): Promise<FigureRow[]> {
  const structure = f.structureId ? sql`and structure_id = ${f.structureId}::uuid` : sql``
  const range = sql`organisation_id = ${organisationId} and month >= ${`${f.fromMonth}-01`}::date and month <= ${`${f.toMonth}-01`}::date`
  let source: SQL
  if (f.referentId || f.offerId) {
    const { from, until } = periodInstants(f)
    source = sql`
      select passerelle_stats_month(prescription_date) as month, state, coalesce(cause, '') as cause, 1 as n
      from social_applies
      where organisation_id = ${organisationId} and prescription_date >= ${from} and prescription_date < ${until} ${structure}
        ${f.referentId ? sql`and author_id = ${f.referentId}` : sql``}
        ${f.offerId ? sql`and social_offer_id = ${f.offerId}::uuid` : sql``}`
  } else if (f.structureId) {
    // One structure: its own counters, through stats_apply_months_structure_idx.
    source = sql`
      select month, state, cause, n from stats_apply_months where ${range} ${structure}
      union all
      select month, state, cause, n from stats_apply_deltas where ${range} ${structure}`
  } else {
    // The whole organisation: its rollup (a few hundred rows), plus the deltas not yet folded.
    source = sql`
      select month, state, cause, n from stats_apply_org_months where ${range}
      union all
      select month, state, cause, n from stats_apply_deltas where ${range}`
  }
  const { rows } = await db.execute<FigureRow>(figuresFrom(source))
  return rows
}

export type MonthlyOutcome = {
  month: string
  pending: number
  integrated: number
  refused: number
  expired: number
  integrationRate: number | null
}

/** Every figure of /v2/statistics for the organisation and the filters. */
export async function organisationStatistics(
  db: Db,
  organisationId: string,
  filters: StatisticsFilters,
  at: Date = now(),
) {
  return {
    ...(await organisationFigures(db, organisationId, filters, at)),
    sms: await smsDelivery(db, organisationId, filters),
  }
}

/**
 * The figures of /v2/statistics but the SMS: those that follow only from the prescriptions (social_applies, whose
 * triggers keep the counters read here), the candidates, the workshops and the labels of the structures, causes,
 * statuses and places: the counters stats_apply_* are written by social_applies' triggers only (their compaction keeps
 * every sum), candidate_counts by the candidates', stats_workshop_* by the workshops' (this month's attendance is read
 * from the sessions' own counters). Every read is exact at the moment it is made: no process keeps a copy.
 */
export async function organisationFigures(
  db: Db,
  organisationId: string,
  filters: StatisticsFilters,
  at: Date = now(),
) {
  const months = monthsBetween(filters.fromMonth, filters.toMonth)
  // Independent reads, side by side: the page waits for the slowest one, not for their sum.
  const [rows, labels, candidates, workshops] = await Promise.all([
    applyFigures(db, organisationId, filters),
    causeLabels(db, organisationId),
    candidateBreakdown(db, organisationId),
    workshopAttendance(db, organisationId, filters, months, at),
  ])
  const byMonth = new Map<string, MonthlyOutcome>(
    months.map((m) => [m, { month: m, pending: 0, integrated: 0, refused: 0, expired: 0, integrationRate: null }]),
  )
  const causes = new Map<string, number>()
  for (const r of rows) {
    if (r.kind === 'cause') causes.set(r.key, r.n)
    if (r.kind !== 'month') continue
    const line = byMonth.get(r.key)
    if (!line) continue
    // In line for a place (issue 40 §4), a prescription waits too: counted with the pending ones.
    if (r.state === 'PRESCRIPTION_FILLED' || r.state === 'WAITLISTED') line.pending += r.n
    if (r.state === 'INTEGRATED_CANDIDATE') line.integrated += r.n
    if (r.state === 'EXPIRED') line.expired += r.n
    if (r.state === 'REFUSED_STRUCTURE') line.refused += r.n
  }
  const monthly = [...byMonth.values()].map((m) => ({
    ...m,
    integrationRate: m.integrated + m.refused ? m.integrated / (m.integrated + m.refused) : null,
  }))
  const totals = monthly.reduce(
    (t, m) => ({
      pending: t.pending + m.pending,
      integrated: t.integrated + m.integrated,
      refused: t.refused + m.refused,
      expired: t.expired + m.expired,
    }),
    { pending: 0, integrated: 0, refused: 0, expired: 0 },
  )

  return {
    monthly,
    totals,
    integrationRate:
      totals.integrated + totals.refused ? totals.integrated / (totals.integrated + totals.refused) : null,
    causes: [...causes.entries()]
      .map(([code, n]) => ({ code, label: Object.hasOwn(labels, code) ? labels[code]! : 'Autre motif', n }))
      .sort((a, b) => b.n - a.n),
    candidates,
    workshops,
  }
}

export type MonthlyAttendance = {
  month: string
  present: number
  excused: number
  unexcused: number
  unmarked: number
  rate: number | null
}

/**
 * The statistics' workshop counters of the period (stats_workshop_months, per month, theme and measure), plus the
 * deltas not yet folded in: exact at any moment. Kept by a trigger on workshops (drizzle/0074), folded by compact-stats.
 * A few dozen rows a month for a big organisation.
 */
export function workshopMonthsSource(organisationId: string, months: Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>) {
  const range = sql`organisation_id = ${organisationId} and month >= ${`${months.fromMonth}-01`}::date and month <= ${`${months.toMonth}-01`}::date`
  return sql`
    select to_char(month, 'YYYY-MM') as month, theme, measure, n from stats_workshop_months where ${range}
    union all
    select to_char(month, 'YYYY-MM'), theme, measure, n from stats_workshop_deltas where ${range}`
}

/**
 * Attendance at the organisation's workshops held in the period (cancelled ones left out),
 * per month of the workshop; the rate is the present among those marked.
 */
async function workshopAttendance(
  db: DbOrTx,
  organisationId: string,
  f: StatisticsFilters,
  months: string[],
  at: Date,
) {
  // The months before this one, from the monthly counters; this month's sessions held so far (and none later), from
  // their own counters over one range of workshops_attendance_idx (index-only: a month is a twelfth of a year's).
  const current = parisToday(at).slice(0, 7)
  const past = months.filter((m) => m < current)
  type Line = { month: string; present: number; excused: number; unexcused: number; seated: number }
  const pastLines = async (): Promise<Line[]> => {
    if (!past.length) return []
    const counted = await db.execute<{ month: string; measure: string; n: number }>(sql`
      select month, measure, sum(n)::int as n
      from (${workshopMonthsSource(organisationId, { fromMonth: past[0]!, toMonth: past.at(-1)! })}) c
      group by 1, 2 having sum(n) <> 0`)
    const byMonth = new Map<string, Line>()
    for (const r of counted.rows) {
      const line = byMonth.get(r.month) ?? { month: r.month, present: 0, excused: 0, unexcused: 0, seated: 0 }
      if (r.measure === 'present' || r.measure === 'excused' || r.measure === 'unexcused' || r.measure === 'seated')
        line[r.measure] = r.n
      byMonth.set(r.month, line)
    }
    return [...byMonth.values()]
  }
  const currentLines = async (): Promise<Line[]> => {
    if (!months.includes(current)) return []
    const { from, until } = periodInstants({ fromMonth: current, toMonth: current })
    const live = await db.execute<Omit<Line, 'month'>>(sql`
      select coalesce(sum(present_count), 0)::int as present, coalesce(sum(excused_count), 0)::int as excused,
             coalesce(sum(unexcused_count), 0)::int as unexcused, coalesce(sum(seats_taken), 0)::int as seated
      from workshops
      where organisation_id = ${organisationId} and status = 'scheduled'
        and starts_at >= ${from} and starts_at < ${until} and starts_at < ${at}`)
    return [{ month: current, ...live.rows[0]! }]
  }
  const rows = (await Promise.all([pastLines(), currentLines()])).flat()
  const byMonth = new Map<string, MonthlyAttendance>(
    months.map((m) => [m, { month: m, present: 0, excused: 0, unexcused: 0, unmarked: 0, rate: null }]),
  )
  for (const r of rows) {
    const line = byMonth.get(r.month)
    if (!line) continue
    Object.assign(line, {
      present: r.present,
      excused: r.excused,
      unexcused: r.unexcused,
      unmarked: Math.max(0, r.seated - r.present - r.excused - r.unexcused),
    })
  }
  const rate = (m: { present: number; excused: number; unexcused: number }) =>
    m.present + m.excused + m.unexcused ? m.present / (m.present + m.excused + m.unexcused) : null
  const monthly = [...byMonth.values()].map((m) => ({ ...m, rate: rate(m) }))
  const totals = monthly.reduce(
    (t, m) => ({
      present: t.present + m.present,
      excused: t.excused + m.excused,
      unexcused: t.unexcused + m.unexcused,
      unmarked: t.unmarked + m.unmarked,
    }),
    { present: 0, excused: 0, unexcused: 0, unmarked: 0 },
  )
  return { monthly, totals, rate: rate(totals) }
}
export type OrganisationStatistics = Awaited<ReturnType<typeof organisationStatistics>>

/**
 * The organisation's candidates today, by status and by place (anonymised ones included: they still count), from the
 * counters kept by trigger (lib/candidates/counts.ts); the labels are the organisation's few settings rows.
 */
async function candidateBreakdown(db: DbOrTx, organisationId: string) {
  const by = async (dimension: 'status' | 'place', labels: 'candidate_statuses' | 'places', key: string) => {
    // The counts with their labels (the organisation's own settings rows), in one statement: a key is a row's id, or ''.
    const { rows } = await db.execute<{ label: string | null; n: number }>(sql`
      select l.label, c.n
      from (${candidateCountsSource(organisationId, dimension)}) c
      left join ${sql.raw(labels)} l on l.id = nullif(c.key, '')::uuid and l.organisation_id = ${organisationId}`)
    // Two settings rows of one label (or a status and none) count together.
    const merged = new Map<string, number>()
    for (const { label, n } of rows) {
      const shown = label ?? `Sans ${key}`
      merged.set(shown, (merged.get(shown) ?? 0) + n)
    }
    return [...merged.entries()]
      .map(([label, n]) => ({ label, n }))
      .sort((a, b) => b.n - a.n || a.label.localeCompare(b.label, 'fr'))
  }
  const [byStatus, byPlace] = await Promise.all([
    by('status', 'candidate_statuses', 'statut'),
    by('place', 'places', 'lieu'),
  ])
  return { byStatus, byPlace }
}

/**
 * SMS sent in the period and how many were delivered: the delivery rate counts those whose fate is known. From the
 * monthly counters (stats_sms_months) and the deltas not yet folded in: the same as counting the period's outbound
 * messages by status, at any moment.
 */
export async function smsDelivery(db: DbOrTx, organisationId: string, f: StatisticsFilters) {
  const range = sql`organisation_id = ${organisationId} and month >= ${`${f.fromMonth}-01`}::date and month <= ${`${f.toMonth}-01`}::date`
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    select status, sum(n)::int as n from (
      select status, n from stats_sms_months where ${range}
      union all
      select status, n from stats_sms_deltas where ${range}
    ) c group by 1`)
  const count = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((t, r) => t + r.n, 0)
  const delivered = count('delivered')
  const notDelivered = count('undelivered', 'failed')
  return {
    sent: count('sent', 'delivered', 'undelivered', 'failed'),
    delivered,
    notDelivered,
    waiting: count('queued', 'sending', 'sent'),
    rate: delivered + notDelivered ? delivered / (delivered + notDelivered) : null,
  }
}

/**
 * Folds the deltas into the monthly counters, in one transaction under an advisory lock (one folder at a time). The
 * deltas appended meanwhile by other transactions stay for the next run: a read sums both, so nothing is ever
 * counted twice or lost. Returns how many deltas were folded.
 */
export function compactApplyStats(db: Db): Promise<number> {
  return foldDeltas(db, {
    lock: 'stats_apply_compaction',
    deltas: 'stats_apply_deltas',
    into: {
      table: 'stats_apply_months',
      columns: ['organisation_id', 'month', 'structure_id', 'state', 'cause', 'response_days'],
    },
    rollups: [{ table: 'stats_apply_org_months', columns: ['organisation_id', 'month', 'state', 'cause'] }],
  })
}

/** The same for the workshop counters (stats_workshop_deltas into stats_workshop_months). */
export function compactWorkshopStats(db: Db): Promise<number> {
  return foldDeltas(db, {
    lock: 'stats_workshop_compaction',
    deltas: 'stats_workshop_deltas',
    into: { table: 'stats_workshop_months', columns: ['organisation_id', 'month', 'theme', 'measure'] },
  })
}

/** The same for the SMS counters (stats_sms_deltas into stats_sms_months). */
export function compactSmsStats(db: Db): Promise<number> {
  return foldDeltas(db, {
    lock: 'stats_sms_compaction',
    deltas: 'stats_sms_deltas',
    into: { table: 'stats_sms_months', columns: ['organisation_id', 'month', 'status'] },
  })
}

/**
 * The filter bar's choices: the referents (the organisation's staff with filters.authors, else the user alone), the
 * chosen partner structure if the organisation prescribed to it (the others are searched as one types:
 * searchStatisticsStructuresAction), and its offers. A filter outside them is dropped, so another organisation's ids
 * show nothing of it.
 */
export async function statisticsChoices(
  db: DbOrTx,
  params: {
    organisationId: string
    user: { id: string; firstName: string; lastName: string }
    allAuthors: boolean
    structureId: string | null
  },
) {
  const [referents, structures] = await Promise.all([
    params.allAuthors ? activeStaffChoices(db, params.organisationId) : [params.user],
    params.structureId ? prescribedStructures(db, params.organisationId, { id: params.structureId }) : [],
  ])
  const offers = structures.length
    ? (
        await db.execute<{ id: string; name: string }>(
          sql`select id, name from social_offers where structure_id = ${structures[0]!.id}::uuid order by name limit 500`,
        )
      ).rows
    : []
  return { referents: referents.map((u) => ({ id: u.id, name: fullName(u) })), structures, offers }
}

/** The structure picker's lines at most, by name: typing narrows them. */
export const STRUCTURE_CHOICES = 20

/**
 * The partner structures the organisation prescribed to: those whose name holds `search` (accents and case aside), by
 * name, STRUCTURE_CHOICES at most; or the one whose id is `id` (none when it is not one of them: another
 * organisation's, or not prescribed to). A big organisation prescribes to a few hundred structures: one index probe
 * per structure (social_applies_organisation_structure_date_idx, index only).
 */
export async function prescribedStructures(
  db: DbOrTx,
  organisationId: string,
  filter: { search: string } | { id: string },
): Promise<{ id: string; name: string }[]> {
  const which =
    'id' in filter
      ? isUuid(filter.id)
        ? sql`ps.id = ${filter.id}::uuid`
        : sql`false`
      : containsText(sql`ps.search_text`, filter.search.trim())
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select ps.id, ps.name from partner_structures ps
    where ${which}
      and exists (select 1 from social_applies a where a.organisation_id = ${organisationId} and a.structure_id = ps.id)
    order by ps.name, ps.id
    limit ${STRUCTURE_CHOICES}`)
  return rows
}
