/**
 * Referent-side measurement of `npm run bench` that calls the app's own code: the candidates dashboard
 * (`listCandidatesPage`), as the page /v2/candidates/dashboard calls it. Compares its p95 with the target.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import { listCandidatesPage, type CandidateListParams } from '../lib/candidates/list-candidates'
import * as schema from '../lib/db/schema'
import { explainStatements, summarize, type Statement } from './measure'
import type { Measurement } from './measurements'

/** A fragment of common names (Martin, Marchand, Marie, Marc…): what a referent types in the search box. */
const SEARCH = 'mar'
/** The place/status filter: three towns and two statuses of the organisation. */
const FILTER_PLACES = ['Rouen', 'Lyon', 'Lille']
const FILTER_STATUSES = ['new', 'inProgress']

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

type Case = {
  name: string
  params: CandidateListParams
  statements: Statement[]
  server: number[]
  sql: number[]
  rows: number
  total: number
}

/**
 * `listCandidatesPage` for the largest organisation, page 1 (50 rows) by name: without filter (`none`), with the search
 * `SEARCH` (`search`), and with the search plus place and status filters (`search+filters`). Each iteration also runs
 * the statements the function issued for the same case (captured once through a Drizzle logger) straight through pg,
 * concurrently as the function does: `ratio` is the function's p95 over theirs. `others` times, with fewer iterations
 * and outside the target, what else a referent does: the other sorts, page 2, a 2-character search, filters alone.
 */
export const candidatesDashboardServer: Measurement = {
  name: 'candidates-dashboard-server',
  async run({ client, pool, db, iterations, log }) {
    const { rows: orgs } = await client.query<{ id: string; n: number }>(
      'SELECT organisation_id AS id, count(*)::int AS n FROM candidates GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
    )
    const org = orgs[0]!
    const { rows: placeRows } = await client.query<{ id: string }>(
      'SELECT id FROM places WHERE organisation_id = $1 AND label = ANY($2) ORDER BY id',
      [org.id, FILTER_PLACES],
    )
    const { rows: statusRows } = await client.query<{ id: string }>(
      'SELECT id FROM candidate_statuses WHERE organisation_id = $1 AND value = ANY($2) ORDER BY id',
      [org.id, FILTER_STATUSES],
    )
    const filters = { placeIds: placeRows.map((p) => p.id), statusIds: statusRows.map((s) => s.id) }
    const newCase = (name: string, params: CandidateListParams): Case => ({
      name,
      params,
      statements: [],
      server: [],
      sql: [],
      rows: 0,
      total: 0,
    })
    const cases = [
      newCase('none', {}),
      newCase('search', { search: SEARCH }),
      newCase('search+filters', { search: SEARCH, ...filters }),
    ]
    const others = [
      newCase('sort=created', { sort: 'created' }),
      newCase('sort=place', { sort: 'place' }),
      newCase('sort=status', { sort: 'status' }),
      newCase('page=2', { page: 2 }),
      newCase('filters', filters),
      newCase('search=ma', { search: 'ma' }),
      newCase('search+sort=created', { search: SEARCH, sort: 'created' }),
    ]

    const call = (c: Case) => listCandidatesPage(db, org.id, c.params)
    const callSql = (c: Case) => Promise.all(c.statements.map((s) => pool.query(s.sql, s.params)))

    // The exact SQL text and parameters of each case: the same call through a Drizzle instance that logs its queries.
    let captured: Statement[] = []
    const logging = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => void captured.push({ sql, params: [...params] }) },
    })
    for (const c of [...cases, ...others]) {
      captured = []
      const result = await listCandidatesPage(logging, org.id, c.params)
      c.statements = captured
      c.rows = result.rows.length
      c.total = result.total
      // Warm-up: once each, untimed.
      await call(c)
      await callSql(c)
    }

    // Iterations cycle through the cases; the function and its SQL alternate which goes first.
    const time = async (list: Case[], n: number) => {
      for (let i = 0; i < n; i++) {
        const c = list[i % list.length]!
        const order =
          Math.floor(i / list.length) % 2 === 0 ? (['server', 'sql'] as const) : (['sql', 'server'] as const)
        for (const which of order) {
          const start = performance.now()
          await (which === 'server' ? call(c) : callSql(c))
          c[which].push(performance.now() - start)
        }
      }
    }
    await time(cases, iterations)
    await time(others, Math.max(others.length * 4, Math.round(iterations / 2)))

    const server = summarize(cases.flatMap((c) => c.server))
    const sql = summarize(cases.flatMap((c) => c.sql))
    const ratio = round(server.p95 / sql.p95)
    const ok = server.p95 <= 40 && ratio <= 3
    const byCase = (list: Case[]) =>
      Object.fromEntries(
        list.map((c) => {
          const s = summarize(c.server)
          const q = summarize(c.sql)
          return [
            c.name,
            {
              p50: s.p50,
              p95: s.p95,
              sqlP50: q.p50,
              sqlP95: q.p95,
              statements: c.statements.length,
              rows: c.rows,
              total: c.total,
            },
          ]
        }),
      )
    const slowest = cases.reduce((a, b) => (summarize(b.server).p95 > summarize(a.server).p95 ? b : a))
    if (!ok) await explainStatements(client, log, slowest.name, slowest.statements)
    return {
      ...server,
      sql,
      ratio,
      target: { p95: 40, ratio: 3 },
      ok,
      orgCandidates: org.n,
      search: SEARCH,
      filters: { places: FILTER_PLACES, statuses: FILTER_STATUSES },
      slowest: slowest.name,
      cases: byCase(cases),
      others: byCase(others),
    }
  },
}
