/**
 * What unnamed statements cost (DATABASE_PGBOUNCER=1): the hot prepared reads (lib/db/prepared.ts) timed one after
 * the other on one connection straight to PostgreSQL, named (the default) and unnamed (behind PgBouncer), on a
 * throwaway seeded database. Not a test: it prints figures.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx tests/support/pgbouncer-prepared-cost.ts [N]
 */
import pg from 'pg'
import { activeSession } from '../../lib/auth/active-session'
import { createAuth } from '../../lib/auth/auth'
import { offerTabCounts } from '../../lib/prescriptions/counts'
import { listAppliesByTab } from '../../lib/prescriptions/partner-lists'
import { getCandidate } from '../../lib/candidates/queries'
import { createDb, type Db } from '../../lib/db/client'
import { runMigrations } from '../../db/migrate'
import { DEMO_PASSWORD, demoIds, seedDemo } from '../../db/seed'
import { getSocialOffer } from '../../lib/offers/queries'
import { candidates } from '../../lib/db/schema'
import { cookieHeaderOf } from '../../lib/auth/password-sign-in'

const N = Number(process.argv[2] ?? 2000)
const serverUrl = process.env.DATABASE_URL
if (!serverUrl) throw new Error('DATABASE_URL: a PostgreSQL server where a throwaway database may be created')
const name = `passerelle_prepared_cost_${Date.now()}`
const url = new URL(serverUrl)
url.pathname = `/${name}`

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(statement).finally(() => client.end())
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

await onServer(`create database "${name}"`)
try {
  const setup = createDb(url.toString(), 2, { pgbouncer: false })
  await runMigrations(setup.db)
  process.env.BETTER_AUTH_SECRET ??= 'pgbouncer-cost-secret-not-for-production-0123'
  await seedDemo(setup.db)
  const [candidate] = await setup.db.select({ id: candidates.id }).from(candidates).limit(1)
  const secret = 'prepared-cost-secret-0123456789abcdef0123456789'
  const auth = createAuth({ db: setup.db, baseURL: 'http://localhost:3999', secret, nextjs: false })
  const { headers } = await auth.api.signInEmail({
    body: { email: 'conseiller@passerelle.test', password: DEMO_PASSWORD },
    returnHeaders: true,
  })
  const cookie = new Headers({ cookie: cookieHeaderOf(headers) })
  const reads: [string, (db: Db) => Promise<unknown>][] = [
    ['session read', (db) => activeSession(auth, db, cookie)],
    ['candidate sheet', (db) => getCandidate(db, demoIds.orgSeineMaritime, candidate!.id)],
    ['offer by id', (db) => getSocialOffer(db, demoIds.offerPermis)],
    [
      'tab counts',
      (db) => offerTabCounts(db).execute({ offerId: demoIds.offerPermis, structureId: demoIds.structureMobilite }),
    ],
    [
      'applies page',
      (db) =>
        listAppliesByTab(db, {
          structureId: demoIds.structureMobilite,
          offerId: demoIds.offerPermis,
          tab: 'PRESCRIPTION_FILLED',
        }),
    ],
  ]

  await setup.pool.end()
  const probe = createDb(url.toString(), 1, { pgbouncer: false })
  for (const [label, read] of reads) if (!(await read(probe.db))) throw new Error(`${label}: nothing read`)
  await probe.pool.end()

  const handles = {
    named: createDb(url.toString(), 1, { pgbouncer: false }),
    unnamed: createDb(url.toString(), 1, { pgbouncer: true }),
  }
  console.log(`${N} calls of each read, one connection, straight to PostgreSQL (µs per call: mean, p50, p95)`)
  // In alternate blocks of 100, so that the machine's other work weighs on both alike.
  for (const [label, read] of reads) {
    const times = { named: [] as number[], unnamed: [] as number[] }
    for (const mode of ['named', 'unnamed'] as const) for (let i = 0; i < 200; i++) await read(handles[mode].db)
    for (let done = 0; done < N; done += 100) {
      for (const mode of ['named', 'unnamed'] as const) {
        for (let i = 0; i < 100; i++) {
          const start = process.hrtime.bigint()
          await read(handles[mode].db)
          times[mode].push(Number(process.hrtime.bigint() - start) / 1000)
        }
      }
    }
    const figures = (list: number[]) => {
      list.sort((a, b) => a - b)
      const mean = list.reduce((a, b) => a + b, 0) / list.length
      return `${mean.toFixed(0)} / ${percentile(list, 0.5).toFixed(0)} / ${percentile(list, 0.95).toFixed(0)}`
    }
    console.log(`${label.padEnd(16)} named ${figures(times.named)}   unnamed ${figures(times.unnamed)}`)
  }
  await handles.named.pool.end()
  await handles.unnamed.pool.end()
} finally {
  await onServer(`drop database if exists "${name}" with (force)`)
}
