/**
 * `npm run bench [-- --scale 0.05] [--keep] [--iterations 200] [--jobs 2]`: creates a throwaway database next to
 * BENCH_DATABASE_URL (or DATABASE_URL), migrates it, loads the generated data set and runs the measurements.
 * Each figure is one JSON line on stdout; progress goes to stderr so that stdout stays machine-readable.
 */
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDb } from '../lib/db/client'
import { runMigrations } from '../lib/db/migrate'
import { generate } from './generate'
import { measurements } from './measurements'

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '200' },
    jobs: { type: 'string', default: process.env.BENCH_JOBS },
    keep: { type: 'boolean', default: false },
  },
})
const scale = Number(args.scale)
const iterations = Number(args.iterations)
const jobs = args.jobs === undefined ? undefined : Number(args.jobs)
if (!(scale > 0) || !(iterations > 0) || !(jobs === undefined || jobs >= 1)) throw new Error('--scale, --iterations and --jobs must be positive numbers')

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const dbName = `passerelle_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`
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
    if (args.keep) return log(`kept database ${dbName}: ${dbUrl}`)
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
  await admin(`CREATE DATABASE "${dbName}"`)
  log(`created database ${dbName}`)
  const { db, pool } = createDb(dbUrl, Math.max(4, jobs ?? 0))
  try {
    await runMigrations(db)
    log('migrated')
    print({ bench: 'generate', ...(await generate(pool, { scale, jobs, log })) })
    const client = await pool.connect()
    try {
      for (const m of measurements) {
        log(`measuring ${m.name}`)
        print({ bench: m.name, scale, ...(await m.run({ client, iterations })) })
      }
    } finally {
      client.release()
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
