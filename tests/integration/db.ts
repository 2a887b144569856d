import { TransactionRollbackError } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { createDb, type Db } from '@/lib/db/client'
import { runMigrations } from '@/db/migrate'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The URL of this worker's copy of the run's seeded database (global-setup.ts): the files run one after the other
 * within a worker, each worker on its own copy, so two files never share a database at the same time.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls')
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  return urls[(worker - 1) % urls.length]!
}

/** A Drizzle handle on the worker's seeded database (testDatabaseUrl); its pool closes after the calling file. */
export function useTestDb(): Db {
  const { db, pool } = createDb(testDatabaseUrl(), 4)
  afterAll(() => pool.end())
  return db
}

/**
 * A database of the file's own on the run's server, migrated (not seeded) before the file and dropped after it, for a
 * test whose jobs act on every row (sweeps, workers, the SMS rate row): nothing of another file's is there to take, or
 * to be taken. `url` is for the processes and route handlers the test starts; the handle's pool closes after the file.
 */
export function useThrowawayDb(): { db: Db; url: string } {
  const serverUrl = testDatabaseUrl()
  const name = `passerelle_it_own_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  // The pool connects on its first query, after the database exists.
  const { db, pool } = createDb(url.toString(), 4)
  beforeAll(async () => {
    await onServer(`create database "${name}"`)
    await runMigrations(db)
  })
  afterAll(async () => {
    await pool.end()
    await onServer(`drop database if exists "${name}" with (force)`)
  })
  return { db, url: url.toString() }
}

/**
 * Runs `work` in a transaction that is always rolled back, so a test may mutate the shared seeded
 * database without affecting the others. Returns what `work` returned.
 */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx) }
      tx.rollback()
    })
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error
  }
  if (!result) throw new Error('inRolledBackTransaction: the work did not complete')
  return result.value
}
