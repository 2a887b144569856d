import path from 'node:path'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Pool } from 'pg'
import { ensureJobQueues } from '../jobs/setup'
import type { Db } from './client'

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle')

/** The app's schema (drizzle/), then the job queue's (pg-boss's own migrations) and its queues. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
  await ensureJobQueues((db as unknown as { $client: Pool }).$client)
}
