import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { MIGRATIONS_FOLDER } from '@/lib/db/migrations'

/** The health and readiness answers' own limit: a load balancer's probe gets an answer within it, whatever happens. */
export const PROBE_DEADLINE_MS = 1_500

/** The work's result, or 'late' once the deadline passed (the work itself ends later, on its own timeouts). */
export async function withinDeadline<T>(work: Promise<T>, ms = PROBE_DEADLINE_MS): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Whether PostgreSQL answers a trivial statement within the probe's deadline. */
export async function databaseAnswers(): Promise<boolean> {
  const answer = await withinDeadline(
    getDb()
      .execute(sql`select 1`)
      .then(
        () => true,
        () => false,
      ),
  )
  return answer === true
}

let expected: number | undefined
/** The number of migrations this build ships (drizzle/meta/_journal.json), read once. */
function shippedMigrations(): number {
  expected ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length
  return expected
}

/** Whether every migration of this build is applied to the database (a server deployed before `migrate` ran is not ready). */
export async function migrationsApplied(): Promise<boolean> {
  const answer = await withinDeadline(
    getDb()
      .execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then(
        (r) => (r.rows[0]?.n ?? 0) >= shippedMigrations(),
        () => false,
      ),
  )
  return answer === true
}
