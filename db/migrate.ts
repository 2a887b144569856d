import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Pool } from 'pg'
import { encryptClearNirs } from '@/lib/crypto/encrypt-clear-nirs'
import { ensureJobQueues } from '@/lib/jobs/setup'
import { applyPgBouncerRoleTimeouts, type Db } from '@/lib/db/client'
import { MIGRATIONS_FOLDER } from '@/lib/db/migrations'

/**
 * The app's schema (drizzle/), then the data steps SQL cannot do (the NIRs still in clear encrypted, then their
 * column dropped: lib/crypto/encrypt-clear-nirs.ts), then the job queue's (pg-boss's own migrations) and its queues.
 */
export async function runMigrations(db: Db): Promise<void> {
  // First, so that PgBouncer's server connections opened from here on start with them.
  await applyPgBouncerRoleTimeouts(db)
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
  await encryptClearNirs(db)
  await ensureJobQueues((db as unknown as { $client: Pool }).$client)
}
