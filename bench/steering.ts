/**
 * The figures (`npm run bench`): the statistics page's figures at 1 000 000 applies (server time, p95 ≤ 150 ms,
 * floor `select 1` in turns), checked equal to the raw counts; and an export of 200 000 candidates by the job, in a
 * process of its own (≤ 30 s, peak RSS ≤ 300 MB), as CSV and as XLSX.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { requestExport } from '../lib/exports/request-export'
import { compactApplyStats, organisationStatistics } from '../lib/statistics/queries'
import { parseStatisticsFilters, periodInstants } from '../lib/statistics/filters'
import { ANCHOR } from './generate'
import { summarize } from './measure'
import type { Measurement, MeasurementContext } from './measurements'

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const run = promisify(execFile)

export const statisticsServer: Measurement = {
  name: 'statistics-server',
  async run({ pool, db, iterations, log }: MeasurementContext) {
    // The bulk load fired the trigger once per apply: fold the deltas as the every-minute job does.
    const foldStart = performance.now()
    let folded = 0
    for (let n = await compactApplyStats(db); n > 0; n = await compactApplyStats(db)) folded += n
    log(`statistics: ${folded} deltas folded in ${round((performance.now() - foldStart) / 1000, 1)} s`)
    // The steady state: autovacuum clears the folded deltas' dead rows shortly after each run of the job.
    await pool.query('VACUUM ANALYZE stats_apply_deltas, stats_apply_months, stats_apply_org_months')

    const { rows: orgs } = await pool.query<{ id: string; n: number }>(
      'SELECT organisation_id AS id, count(*)::int AS n FROM social_applies GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    )
    const org = orgs[0]!
    const { rows: structures } = await pool.query<{ id: string }>(
      'SELECT structure_id AS id FROM social_applies WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      [org.id],
    )
    const { rows: authors } = await pool.query<{ id: string }>(
      'SELECT author_id AS id FROM social_applies WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      [org.id],
    )
    const now = new Date(ANCHOR)
    const cases = [
      { name: '12 months', sp: {} },
      { name: 'last year', sp: { period: 'lastYear' } },
      { name: '24 months', sp: { period: 'custom', from: '2024-11', to: '2026-10' } },
      { name: 'structure', sp: { structure: structures[0]!.id } },
      { name: 'referent', sp: { referent: authors[0]!.id } },
    ].map((c) => ({ ...c, filters: parseStatisticsFilters(c.sp, now) }))

    // The counters equal the raw counts, per state, over the 12 months.
    const twelve = cases[0]!.filters
    const figures = await organisationStatistics(db, org.id, twelve)
    const { from, until } = periodInstants(twelve)
    const { rows: raw } = await pool.query<{ state: string; n: number }>(
      'SELECT state::text, count(*)::int AS n FROM social_applies WHERE organisation_id = $1 AND prescription_date >= $2 AND prescription_date < $3 GROUP BY 1',
      [org.id, from, until],
    )
    const rawOf = (state: string) => raw.find((r) => r.state === state)?.n ?? 0
    const equalToRaw =
      figures.totals.pending === rawOf('PRESCRIPTION_FILLED') &&
      figures.totals.integrated === rawOf('INTEGRATED_CANDIDATE') &&
      figures.totals.refused === rawOf('REFUSED_STRUCTURE') &&
      figures.totals.expired === rawOf('EXPIRED')

    const server: number[] = []
    const floor: number[] = []
    const perCase: Record<string, number[]> = {}
    for (let i = 0; i < iterations + 10; i++) {
      const c = cases[i % cases.length]!
      const start = performance.now()
      await organisationStatistics(db, org.id, c.filters)
      const ms = performance.now() - start
      const f = performance.now()
      await pool.query('SELECT 1')
      if (i >= 10) {
        server.push(ms)
        floor.push(performance.now() - f)
        ;(perCase[c.name] ??= []).push(ms)
      }
    }
    const timing = summarize(server)
    const floorTiming = summarize(floor)
    return {
      ...timing,
      floor: { query: 'select 1', p50: floorTiming.p50, p95: floorTiming.p95 },
      cases: Object.fromEntries(Object.entries(perCase).map(([name, d]) => [name, summarize(d).p95])),
      orgApplies: org.n,
      deltasFolded: folded,
      equalToRaw,
      target: { p95: 150 },
      ok: timing.p95 <= 150 && equalToRaw,
    }
  },
}

const EXPORT_ROWS = 200_000

/** An organisation of 200 000 candidates (copies of the generated ones), with a user to ask for the export. */
async function exportOrganisation(ctx: MeasurementContext) {
  const { pool, log } = ctx
  const { rows: existing } = await pool.query<{ id: string }>(
    `SELECT id FROM organisations WHERE name = 'Bench export 200k'`,
  )
  if (existing[0]) return existing[0].id
  const started = performance.now()
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO organisations (name) VALUES ('Bench export 200k') RETURNING id`,
  )
  const id = rows[0]!.id
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, organisation_id) VALUES ('bench-export-user', 'Bench Export', 'export@bench.passerelle.test', true, 'Bench', 'Export', 'admin', $1)`,
    [id],
  )
  await pool.query(
    `INSERT INTO candidates (organisation_id, first_name, last_name, gender, birth_date, phone, email, address_formatted, address_is_qpv, caf_number, pole_emploi_number, custom_fields, created_at, updated_at)
     SELECT $1, first_name, last_name, gender, birth_date, phone, email, address_formatted, address_is_qpv, caf_number, pole_emploi_number, '{}'::jsonb, created_at, updated_at
     FROM candidates ORDER BY id LIMIT $2`,
    [id, EXPORT_ROWS],
  )
  await pool.query('VACUUM ANALYZE candidates')
  log(`export: 200 000 candidates copied in ${round((performance.now() - started) / 1000, 1)} s`)
  return id
}

export const export200k: Measurement = {
  name: 'export-200k',
  async run(ctx: MeasurementContext) {
    const organisationId = await exportOrganisation(ctx)
    const { rows: counted } = await ctx.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM candidates WHERE organisation_id = $1',
      [organisationId],
    )
    const columns = [
      'lastName',
      'firstName',
      'gender',
      'birthDate',
      'phone',
      'email',
      'address',
      'qpv',
      'place',
      'status',
      'referent',
      'cafNumber',
      'poleEmploiNumber',
      'createdAt',
      'updatedAt',
      'anonymised',
    ]
    const url = (ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString
    const results: Record<string, unknown> = {}
    let ok = true
    for (const format of ['csv', 'xlsx'] as const) {
      const requested = await requestExport(ctx.db, {
        organisationId,
        userId: 'bench-export-user',
        input: { dataset: 'candidates', format, columns },
        now: new Date(),
      })
      if (!requested.ok) throw new Error(JSON.stringify(requested))
      // No worker runs here: the child process is the worker.
      await ctx.pool.query(`DELETE FROM pgboss.job WHERE name = 'run-export' AND data->>'exportId' = $1`, [
        requested.exportId,
      ])
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/export-child.ts'], {
        env: { ...process.env, DATABASE_URL: url, EXPORT_ID: requested.exportId },
        maxBuffer: 1 << 20,
      })
      const child = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        outcome: string
        seconds: number
        maxRssMb: number
      }
      const { rows } = await ctx.pool.query<{ done_rows: number; byte_size: number }>(
        'SELECT done_rows, byte_size FROM data_exports WHERE id = $1',
        [requested.exportId],
      )
      const line = {
        seconds: round(child.seconds),
        maxRssMb: round(child.maxRssMb, 0),
        rows: rows[0]!.done_rows,
        megabytes: round(rows[0]!.byte_size / 1_048_576, 1),
        outcome: child.outcome,
      }
      results[format] = line
      ok &&= child.outcome === 'done' && line.rows === counted[0]!.n && line.seconds <= 30 && line.maxRssMb <= 300
      ctx.log(`export-200k ${format}: ${JSON.stringify(line)}`)
    }
    return { candidates: counted[0]!.n, ...results, target: { seconds: 30, maxRssMb: 300 }, ok }
  },
}
