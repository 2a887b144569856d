import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '@/lib/db/client'
import { runMigrations } from '@/db/migrate'
import { seedDemo } from '@/db/seed'
import { INTEGRATION_SECRETS, INTEGRATION_WORKERS } from './workers'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One copy of the database created, migrated and seeded for this run per worker (see testDatabaseUrl in db.ts). */
    databaseUrls: string[]
  }
}

/** The same server as `serverUrl`, another database. */
function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Creates a fresh database on DATABASE_URL's server (never touching the database it names), migrates and seeds it,
 * copies it once per worker (CREATE DATABASE … TEMPLATE), hands the copies' URLs to the tests, and drops them all at
 * the end of the run.
 */
export default async function setup(project: TestProject) {
  // `npm run test:integration` (scripts/with-database.ts) provides it: the given server, or a throwaway embedded one.
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl)
    throw new Error(
      'DATABASE_URL is not set: run the integration tier with `npm run test:integration`, which provides a PostgreSQL server.',
    )
  const database = `passerelle_it_${Date.now()}_${process.pid}`
  const databaseUrl = withDatabase(serverUrl, database)
  // The name is built from digits only, so quoting it is enough. with (force): a test that forgot
  // to close its pool must not keep the database alive.
  const copies = Array.from({ length: INTEGRATION_WORKERS }, (_, i) => `${database}_w${i + 1}`)
  const dropDatabase = async () => {
    for (const name of [...copies, database])
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`)
  }

  await onServer(serverUrl, `create database "${database}"`)
  try {
    const { db, pool } = createDb(databaseUrl, 2)
    try {
      await runMigrations(db)
      // The seed's invitation codes are hashed and sealed under the secret the test files use.
      process.env.BETTER_AUTH_SECRET = INTEGRATION_SECRETS.BETTER_AUTH_SECRET
      await seedDemo(db)
    } finally {
      await pool.end()
    }
    for (const copy of copies) await onServer(serverUrl, `create database "${copy}" template "${database}"`)
  } catch (error) {
    await dropDatabase()
    throw error
  }

  project.provide(
    'databaseUrls',
    copies.map((copy) => withDatabase(serverUrl, copy)),
  )
  return dropDatabase
}

/** One statement on a short-lived connection: no idle admin connection to lose during a long run. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
