/**
 * The figures (`npm run bench`), at 20 000 enterprises, 50 000 job offers, 300 000 placements and 5 000 social
 * offers: the enterprises and job-offer dashboards (50 rows + counts; p95 ≤ 30 ms server time, within 3× their SQL
 * alone), the suggestions (p95 ≤ 30 ms), the structure's response indicator (p95 ≤ 20 ms), and an import of 5 000
 * social offers (≤ 5 s).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Pool } from 'pg'
import type { Db } from '../lib/db/client'
import * as schema from '../lib/db/schema'
import { listEnterprises, type EnterpriseFilters } from '../lib/enterprises/queries'
import { listJobOffers, type JobOfferFilters } from '../lib/job-offers/queries'
import { suggestCandidates } from '../lib/job-offers/suggestions'
import { analyseOfferImport, commitOfferImport } from '../lib/offers/import-offers'
import { responseIndicator } from '../lib/partners/queries'
import { ANCHOR } from './generate'
import { summarize, type Statement } from './measure'
import type { Measurement } from './measurements'

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

async function biggestDirectoryOrganisation(pool: Pool) {
  const { rows } = await pool.query<{ id: string; n: number }>(
    'SELECT organisation_id AS id, count(*)::int AS n FROM job_offers GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  )
  return rows[0]!
}

type Case<P> = { name: string; params: P; statements: Statement[]; server: number[]; sql: number[] }

/**
 * A list function against its own SQL: each case's statements captured once through a logging Drizzle instance, then
 * the function and the same statements straight through pg (concurrently, as the function runs them), alternating
 * which goes first. `ratio` is the function's p95 over its SQL's.
 */
export async function serverAgainstSql<P>(
  pool: Pool,
  db: Db,
  iterations: number,
  cases: { name: string; params: P }[],
  call: (db: Db, params: P) => Promise<unknown>,
  target: number,
) {
  const list: Case<P>[] = cases.map((c) => ({ ...c, statements: [], server: [], sql: [] }))
  let captured: Statement[] = []
  const logging = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void captured.push({ sql, params: [...params] }) },
  }) as unknown as Db
  for (const c of list) {
    captured = []
    await call(logging, c.params)
    c.statements = captured
    await call(db, c.params)
  }
  const runSql = (c: Case<P>) => Promise.all(c.statements.map((s) => pool.query(s.sql, s.params)))
  for (let i = 0; i < iterations; i++) {
    const c = list[i % list.length]!
    const order = Math.floor(i / list.length) % 2 === 0 ? (['server', 'sql'] as const) : (['sql', 'server'] as const)
    for (const which of order) {
      const start = performance.now()
      await (which === 'server' ? call(db, c.params) : runSql(c))
      c[which].push(performance.now() - start)
    }
  }
  const server = summarize(list.flatMap((c) => c.server))
  const sql = summarize(list.flatMap((c) => c.sql))
  const ratio = round(server.p95 / Math.max(sql.p95, 0.01))
  return {
    ...server,
    sqlAlone: { p50: sql.p50, p95: sql.p95 },
    ratio,
    cases: Object.fromEntries(
      list.map((c) => [
        c.name,
        { p95: summarize(c.server).p95, sqlP95: summarize(c.sql).p95, statements: c.statements.length },
      ]),
    ),
    target: { p95: target, ratioToSql: 3 },
    ok: server.p95 <= target && ratio <= 3,
  }
}

export const enterprisesDashboardServer: Measurement = {
  name: 'enterprises-dashboard-server',
  async run({ pool, db, iterations }) {
    const org = await biggestDirectoryOrganisation(pool)
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM enterprises WHERE organisation_id = $1',
      [org.id],
    )
    const cases: { name: string; params: EnterpriseFilters }[] = [
      { name: 'none', params: {} },
      { name: 'search', params: { search: 'boulan' } },
      { name: 'search=2', params: { search: 'ga' } },
      { name: 'open offers', params: { offers: 'open' } },
      { name: 'without offers', params: { offers: 'none' } },
      { name: 'recent, page 5', params: { sort: 'recent', page: 5 } },
    ]
    return {
      organisationEnterprises: rows[0]!.n,
      ...(await serverAgainstSql(pool, db, iterations, cases, (d, p) => listEnterprises(d, org.id, p), 30)),
    }
  },
}

export const jobOffersDashboardServer: Measurement = {
  name: 'job-offers-dashboard-server',
  async run({ pool, db, iterations }) {
    const org = await biggestDirectoryOrganisation(pool)
    const { rows: places } = await pool.query<{ id: string }>(
      'SELECT place_id AS id FROM job_offers WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      [org.id],
    )
    const { rows: enterprises } = await pool.query<{ id: string }>(
      'SELECT enterprise_id AS id FROM job_offers WHERE organisation_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      [org.id],
    )
    const cases: { name: string; params: JobOfferFilters }[] = [
      { name: 'none', params: {} },
      { name: 'search', params: { search: 'chauffeur' } },
      { name: 'contract', params: { contract: 'cdd' } },
      { name: 'open in a place', params: { status: 'open', placeId: places[0]!.id } },
      { name: 'enterprise', params: { enterpriseId: enterprises[0]!.id } },
      { name: 'by start, page 3', params: { sort: 'start', page: 3 } },
    ]
    return {
      organisationJobOffers: org.n,
      ...(await serverAgainstSql(pool, db, iterations, cases, (d, p) => listJobOffers(d, org.id, p), 30)),
    }
  },
}

export const suggestionsServer: Measurement = {
  name: 'suggestions-server',
  async run({ pool, db, iterations }) {
    const org = await biggestDirectoryOrganisation(pool)
    const { rows: offers } = await pool.query<{ id: string }>(
      "SELECT id FROM job_offers WHERE organisation_id = $1 AND status = 'open' ORDER BY id LIMIT 50",
      [org.id],
    )
    let found = 0
    for (const o of offers.slice(0, 10)) found += (await suggestCandidates(db, org.id, o.id)).length
    const durations: number[] = []
    for (let i = 0; i < iterations; i++) {
      const start = performance.now()
      await suggestCandidates(db, org.id, offers[i % offers.length]!.id)
      durations.push(performance.now() - start)
    }
    const timing = summarize(durations)
    return { ...timing, suggestionsPerOffer: round(found / 10, 1), target: { p95: 30 }, ok: timing.p95 <= 30 }
  },
}

export const responseIndicatorServer: Measurement = {
  name: 'response-indicator-server',
  async run({ pool, db, iterations }) {
    const { rows: orgs } = await pool.query<{ id: string }>(
      'SELECT organisation_id AS id FROM social_applies GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    )
    const org = orgs[0]!.id
    const { rows: structures } = await pool.query<{ id: string; n: number }>(
      'SELECT structure_id AS id, count(*)::int AS n FROM social_applies WHERE organisation_id = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 20',
      [org],
    )
    const now = new Date(ANCHOR)
    for (const s of structures.slice(0, 5)) await responseIndicator(db, org, s.id, now)
    const durations: number[] = []
    for (let i = 0; i < iterations; i++) {
      const start = performance.now()
      await responseIndicator(db, org, structures[i % structures.length]!.id, now)
      durations.push(performance.now() - start)
    }
    const timing = summarize(durations)
    return { ...timing, busiestStructureApplies: structures[0]!.n, target: { p95: 20 }, ok: timing.p95 <= 20 }
  },
}

/** 5 000 social offers of one structure from a CSV: the preview's checks, then the one transaction; ≤ 5 s. Removed afterwards. */
export const import5000Offers: Measurement = {
  name: 'import-5000-offers',
  async run({ pool, db, log }) {
    const { rows } = await pool.query<{ id: string }>(
      'SELECT structure_id AS id FROM organisation_partner_structures ORDER BY structure_id LIMIT 1',
    )
    const structureId = rows[0]!.id
    const lines = [
      'identifiant;nom;description;date de début;date de fin;étiquettes;adresse;nom du contact;téléphone du contact;email du contact',
    ]
    for (let i = 0; i < 5000; i++) {
      lines.push(
        `bench-${i};Offre importée ${i};<p>Accompagnement numéro ${i}, <strong>sur rendez-vous</strong>.</p>;01/01/2026;31/12/2027;mobilite;${i} rue Verte, 76000 Rouen;Contact ${i};02 35 00 ${String(i % 100).padStart(2, '0')} 00;contact${i}@import.test`,
      )
    }
    const bytes = new TextEncoder().encode(lines.join('\n'))
    const start = performance.now()
    const analysis = await analyseOfferImport(db, structureId, bytes, 'offres.csv')
    const analysed = performance.now()
    if (!analysis.ok) throw new Error(analysis.error)
    const outcome = await commitOfferImport(db, { actorId: 'bench-o1-u0', organisationId: null }, analysis.offers)
    const seconds = round((performance.now() - start) / 1000)
    if (!outcome.ok) throw new Error(outcome.error)
    log(`import: ${outcome.created} created in ${seconds} s`)
    await pool.query("DELETE FROM social_offers WHERE source = 'import-csv' AND offer_id LIKE 'bench-%'")
    return {
      rows: 5000,
      created: outcome.created,
      invalid: analysis.invalid,
      seconds,
      analyseSeconds: round((analysed - start) / 1000),
      target: { seconds: 5 },
      ok: seconds <= 5 && outcome.created === 5000,
    }
  },
}
