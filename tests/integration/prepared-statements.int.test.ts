import { testDatabaseUrl } from './db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'

// Only the hot reads are prepared statements, through Drizzle's own `.prepare(name)` (lib/db/prepared.ts);
// no patch names every query any more. One connection, so that pg_prepared_statements (per session) sees them all.
const { db, pool } = createDb(testDatabaseUrl(), 1)
afterAll(() => pool.end())

const preparedOnConnection = async () =>
  (
    await db.execute<{
      name: string
    }>(sql`select name from pg_prepared_statements order by name`)
  ).rows.map((r) => r.name)

const organisationName = (handle: typeof db) =>
  prepared(handle, 'test_organisation_name', (name) =>
    handle
      .select({ name: s.organisations.name })
      .from(s.organisations)
      .where(eq(s.organisations.id, sql.placeholder('id')))
      .prepare(name),
  )

describe('prepared statements', () => {
  it('prepares a hot read once per handle, as a named statement, and leaves every other query unprepared', async () => {
    // A query with parameters, not prepared: PostgreSQL keeps no statement for it.
    const plain = await db.select({ id: s.organisations.id, name: s.organisations.name }).from(s.organisations)
    const expected = Object.fromEntries(plain.map((o) => [o.id, o.name]))
    await db.select().from(s.organisations).where(eq(s.organisations.id, demoIds.orgLyon))
    expect(await preparedOnConnection()).toEqual([])

    expect(organisationName(db)).toBe(organisationName(db))
    for (const id of [demoIds.orgSeineMaritime, demoIds.orgLyon]) {
      expect(await organisationName(db).execute({ id })).toEqual([{ name: expected[id] }])
    }
    expect(await preparedOnConnection()).toEqual(['passerelle_test_organisation_name'])
  })
})
