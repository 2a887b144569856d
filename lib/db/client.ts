import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import * as schema from './schema'
import './redact-query-errors'
import './auto-prepare'
import { logError } from '../log'

export type Db = NodePgDatabase<typeof schema>
/** A database handle or an open transaction: domain functions accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export function createDb(connectionString: string, max = Number(process.env.DATABASE_POOL_MAX ?? 10)): { db: Db; pool: Pool } {
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 30_000 })
  // A dropped idle connection must not crash the server; the pool replaces it.
  pool.on('error', (error) => logError('db.idle-client', error))
  return { db: drizzle(pool, { schema }), pool }
}

const cache = globalThis as unknown as { __passerelleDb?: { db: Db; pool: Pool } }

/** The process-wide database. In both modes the app talks node-postgres to DATABASE_URL (scripts/start.ts sets it for the embedded default). */
export function getDb(): Db {
  if (!cache.__passerelleDb) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start Passerelle with `npm start`, which provides the embedded database.')
    cache.__passerelleDb = createDb(url)
  }
  return cache.__passerelleDb.db
}
