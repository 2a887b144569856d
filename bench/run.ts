/**
 * `npm run bench [-- --scale 0.05] [--keep] [--iterations 200] [--jobs 2] [--http | --no-http]`: creates a throwaway
 * database next to BENCH_DATABASE_URL (or DATABASE_URL), migrates it, loads the generated data set and runs the
 * measurements, then the HTTP ones against the built app (by default when `.next/BUILD_ID` exists).
 * Each figure is one JSON line on stdout; progress goes to stderr so that stdout stays machine-readable.
 */
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDb, poolConfig } from '../lib/db/client'
import { runMigrations } from '../db/migrate'
import { generate } from './generate'
import { build, isBuilt, runHttp } from './http'
import { measurements } from './measurements'
import { busiestOffer } from './partner'

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '200' },
    jobs: { type: 'string', default: process.env.BENCH_JOBS },
    keep: { type: 'boolean', default: false },
    /** Measure a database kept by an earlier `--keep` run (its name) instead of creating and loading one; kept. */
    database: { type: 'string' },
    /**
     * Measure a copy of a database kept by an earlier `--keep` run (its name): made for this run (its pending
     * migrations applied) and dropped after it unless --keep. Every run then starts from the same data, where runs on
     * one --database add up each run's writes (thousands of prescriptions to one structure, answers to read).
     */
    from: { type: 'string' },
    /** Only these figures (comma-separated names, database and HTTP ones alike; the HTTP ones still need a build or --http). */
    only: { type: 'string' },
    /** The HTTP figures: --http forces them (building the app if needed), --no-http skips them. */
    http: { type: 'boolean' },
    'http-seconds': { type: 'string', default: process.env.BENCH_HTTP_SECONDS ?? '10' },
    /** Each page of the main-pages-rps sweep (with its floor in turns): seconds. */
    'pages-seconds': { type: 'string', default: '3' },
    /** Only the sweep's pages whose route contains one of these (comma-separated), e.g. --pages statistics,homePage. */
    pages: { type: 'string' },
    /** mixed-workload: each page's turn and its floor's, in seconds (default 3), and the number of clients (20). */
    'mixed-seconds': { type: 'string', default: process.env.BENCH_MIXED_SECONDS ?? '3' },
    'mixed-clients': { type: 'string', default: '20' },
  },
  allowNegative: true,
})
const scale = Number(args.scale)
const iterations = Number(args.iterations)
const jobs = args.jobs === undefined ? undefined : Number(args.jobs)
const httpSeconds = Number(args['http-seconds'])
if (!(scale > 0) || !(iterations > 0) || !(jobs === undefined || jobs >= 1) || !(httpSeconds > 0)) {
  throw new Error('--scale, --iterations, --jobs and --http-seconds must be positive numbers')
}
const reuse = args.database !== undefined
const copy = args.from !== undefined
if (reuse && copy) throw new Error('--database measures a kept database, --from a copy of one: not both')

// `npm run bench` (scripts/with-database.ts) provides DATABASE_URL: the given server, or a throwaway embedded one.
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
if (!serverUrl) throw new Error('DATABASE_URL is not set: run `npm run bench`, which provides a PostgreSQL server.')
const dbName = args.database ?? `passerelle_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString()

const log = (message: string) => console.error(`[bench] ${message}`)
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line))

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

let dropping: Promise<void> | undefined
let interrupted = false

/** Once only: both an interrupt and the end of main() get here. */
function dropDatabase(): Promise<void> {
  dropping ??= (async () => {
    if (args.keep || reuse) return log(`kept database ${dbName}: ${dbUrl}`)
    // FORCE: after an interrupt, the generator's statements are still running in it.
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    log(`dropped database ${dbName}`)
  })()
  return dropping
}

process.once('SIGINT', () => {
  interrupted = true
  log('interrupted')
  dropDatabase().finally(() => process.exit(130))
})

async function main() {
  // Decided up front: a build started later by someone else must not switch the HTTP figures on halfway.
  const http = args.http ?? isBuilt()
  if (copy) {
    await admin(`CREATE DATABASE "${dbName}" TEMPLATE "${args.from}"`)
    log(`copied ${args.from} into ${dbName}`)
  } else if (!reuse) {
    await admin(`CREATE DATABASE "${dbName}"`)
    log(`created database ${dbName}`)
  }
  const { db, pool } = createDb(dbUrl, Math.max(4, jobs ?? 0))
  try {
    if (copy) {
      await runMigrations(db)
      log('migrated the copy')
    } else if (!reuse) {
      await runMigrations(db)
      log('migrated')
      // The bulk load's statements outlast the app's statement and lock timeouts (15 s, 5 s: the foreign keys validated
      // side by side wait for each other) on a busy host: a pool of its own, 30 minutes for both.
      const long = 30 * 60_000
      const config = poolConfig(dbUrl, Math.max(4, jobs ?? 0), { statementTimeoutMs: long })
      const loading = new pg.Pool({ ...config, lock_timeout: long })
      try {
        print({ bench: 'generate', ...(await generate(loading, { scale, jobs, log })) })
      } finally {
        await loading.end()
      }
    }
    const only = args.only?.split(',')
    const client = await pool.connect()
    try {
      for (const m of measurements.filter((m) => !only || only.includes(m.name))) {
        log(`measuring ${m.name}`)
        print({ bench: m.name, scale, ...(await m.run({ client, iterations, db, pool, log })) })
      }
    } finally {
      client.release()
    }
    if (http) {
      if (!isBuilt()) await build(log)
      const client = await pool.connect()
      const offer = await busiestOffer(client).finally(() => client.release())
      await runHttp({
        dbUrl,
        pool,
        offer,
        seconds: httpSeconds,
        pagesSeconds: Number(args['pages-seconds']) || 3,
        pages: args.pages?.split(',').filter(Boolean),
        mixedSeconds: Number(args['mixed-seconds']) || 3,
        mixedClients: Number(args['mixed-clients']) || 20,
        warmupSeconds: Math.min(3, httpSeconds),
        log,
        only,
        print: (line) => print({ bench: line.bench, scale, ...line }),
      })
    } else {
      log('skipped the HTTP figures (no .next/BUILD_ID, or --no-http)')
    }
  } finally {
    await pool.end()
    await dropDatabase()
  }
}

main().catch((error) => {
  if (!interrupted) console.error(error)
  process.exitCode = 1
})
