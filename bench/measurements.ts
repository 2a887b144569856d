/**
 * The read measurements of `npm run bench`. Each one does its own setup (choosing inputs from the generated data),
 * times its query with measure() and returns the fields of its JSON line. Add new ones to the `measurements` list.
 */
import type { Pool, PoolClient } from 'pg'
import type { Db } from '../lib/db/client'
import { measure, type Timing } from './measure'
import { appliesByTabServer, archive50, fupPdf } from './partner'
import { partnerDigest } from './digest'
import { candidatesDashboardServer } from './candidates'
import { import10k, import5000DiServices } from './import'
import { smsBulk1000, smsThreadServer, smsWorker } from './sms'
import { export200k, statisticsServer } from './steering'
import {
  enterprisesDashboardServer,
  import5000Offers,
  jobOffersDashboardServer,
  responseIndicatorServer,
  suggestionsServer,
} from './directory'
import { lateStepsServer, register200, workshopsDashboardServer } from './workshops'
import { referralSubmitServer } from './referrals'
import { diagnosisSuggestionsServer } from './diagnosis'

/**
 * client: a connection of its own for the measurement's queries; db and pool: the app's handle (`createDb`) on the
 * same database, for the domain functions; log: progress to stderr.
 */
export type MeasurementContext = {
  client: PoolClient
  iterations: number
  db: Db
  pool: Pool
  log: (message: string) => void
}
export type Measurement = { name: string; run: (ctx: MeasurementContext) => Promise<Record<string, unknown>> }

type PlanNode = { 'Index Name'?: string; Plans?: PlanNode[] }
const usesIndexIn = (node: PlanNode, index: string): boolean =>
  node['Index Name'] === index || (node.Plans ?? []).some((child) => usesIndexIn(child, index))

/** Whether the plan the server picks for these parameters reads the named index. */
async function usesIndex(client: PoolClient, sql: string, params: unknown[], index: string): Promise<boolean> {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params)
  return usesIndexIn(rows[0]!['QUERY PLAN'][0]!.Plan, index)
}

const STATES = ['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE'] as const

/** One round trip: the page of one tab, each row carrying the three tab counts (the counts alone if the tab is empty). */
const APPLIES_BY_TAB = `
  WITH counts AS (
    SELECT (SELECT count(*) FROM social_applies WHERE social_offer_id = $1 AND state = 'PRESCRIPTION_FILLED' AND NOT archived)::int AS filled_count,
      (SELECT count(*) FROM social_applies WHERE social_offer_id = $1 AND state = 'INTEGRATED_CANDIDATE' AND NOT archived)::int AS integrated_count,
      (SELECT count(*) FROM social_applies WHERE social_offer_id = $1 AND state = 'REFUSED_STRUCTURE' AND NOT archived)::int AS refused_count
  ), page AS (
    SELECT a.id, a.state, a.prescription_date, a.response_date, a.cause, c.id AS candidate_id, c.first_name, c.last_name, c.phone,
      p.label AS place_label, st.label AS status_label
    FROM social_applies a
    JOIN candidates c ON c.id = a.candidate_id
    LEFT JOIN places p ON p.id = c.place_id
    LEFT JOIN candidate_statuses st ON st.id = c.status_id
    WHERE a.social_offer_id = $1 AND a.state = $2 AND NOT a.archived
    ORDER BY a.prescription_date DESC
    LIMIT 50
  )
  SELECT page.*, counts.* FROM counts LEFT JOIN page ON true ORDER BY page.prescription_date DESC`

const appliesByTab: Measurement = {
  name: 'applies-by-tab-sql',
  async run({ client, iterations }) {
    const { rows } = await client.query<{ id: string; n: number }>(
      'SELECT social_offer_id AS id, count(*)::int AS n FROM social_applies GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    )
    const offer = rows[0]!
    const rowsByState: Record<string, number> = {}
    // Iterations cycle through the three tabs, as a partner switching tabs would.
    const timing: Timing = await measure(
      async (i) => {
        const state = STATES[i % STATES.length]!
        const result = await client.query(APPLIES_BY_TAB, [offer.id, state])
        rowsByState[state] = result.rows[0]?.id ? (result.rowCount ?? 0) : 0
      },
      { iterations },
    )
    return {
      ...timing,
      offerApplies: offer.n,
      rows: rowsByState,
      usesIndex: await usesIndex(client, APPLIES_BY_TAB, [offer.id, STATES[0]], 'social_applies_offer_pending_idx'),
    }
  },
}

/**
 * The total needs every match anyway, so the matches are fetched once (MATERIALIZED), then counted and sorted. With
 * count(*) OVER () and LIMIT instead, PostgreSQL 15 costs the plan as if it could stop after 50 rows and walks the
 * organisation's whole (organisation, last_name, first_name) index, filtering: about 10× slower at full scale.
 */
const CANDIDATES_SEARCH = `
  WITH matches AS MATERIALIZED (
    SELECT id, first_name, last_name, phone, email FROM candidates
    WHERE organisation_id = $1 AND search_text LIKE '%' || passerelle_unaccent(lower($2)) || '%'
  )
  SELECT m.*, (SELECT count(*) FROM matches)::int AS total FROM matches m ORDER BY last_name, first_name LIMIT 50`
/** Name parts (some typed with accents or capitals), an e-mail part and a phone part: what a counsellor types. */
const FRAGMENTS = [
  'dur',
  'Mor',
  'lefè',
  'ber',
  'gir',
  'élo',
  'benali',
  'dia',
  'four',
  'cam',
  'sophie',
  'traor',
  'marchand',
  '0612',
  'nguy',
  'roux',
]

const candidatesSearch: Measurement = {
  name: 'candidates-search-sql',
  async run({ client, iterations }) {
    const { rows } = await client.query<{ id: string; n: number }>(
      'SELECT organisation_id AS id, count(*)::int AS n FROM candidates GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    )
    const org = rows[0]!
    const totals: Record<string, number> = {}
    const timing = await measure(
      async (i) => {
        const fragment = FRAGMENTS[i % FRAGMENTS.length]!
        const result = await client.query<{ total: number }>(CANDIDATES_SEARCH, [org.id, fragment])
        totals[fragment] = result.rows[0]?.total ?? 0
      },
      { iterations },
    )
    const withoutIndex: string[] = []
    for (const fragment of FRAGMENTS) {
      if (!(await usesIndex(client, CANDIDATES_SEARCH, [org.id, fragment], 'candidates_search_trgm_idx')))
        withoutIndex.push(fragment)
    }
    return {
      ...timing,
      orgCandidates: org.n,
      totals,
      usesIndex: withoutIndex.length === 0,
      ...(withoutIndex.length ? { withoutIndex } : {}),
    }
  },
}

/** archive-50 last: it writes (and restores) applies. */
export const measurements: Measurement[] = [
  appliesByTab,
  candidatesSearch,
  appliesByTabServer,
  candidatesDashboardServer,
  fupPdf,
  archive50,
  partnerDigest,
  import10k,
  smsThreadServer,
  smsBulk1000,
  smsWorker,
  statisticsServer,
  export200k,
  enterprisesDashboardServer,
  jobOffersDashboardServer,
  suggestionsServer,
  responseIndicatorServer,
  import5000Offers,
  import5000DiServices,
  workshopsDashboardServer,
  lateStepsServer,
  register200,
  referralSubmitServer,
  diagnosisSuggestionsServer,
]
