import { testDatabaseUrl } from './db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { partnerDashboard } from '@/lib/partners/partner-dashboard'
import { receivedAnswers, unansweredPrescriptions } from '@/lib/prescriptions/referent-follows-up'

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

describe("the dashboards' prepared statements", () => {
  it("bind only what the request brings: the states, flags and labels the code fixes are in the statement's text", async () => {
    // A bound state or flag (`state = $2`) keeps a statement off the partial indexes in its generic plan, so PostgreSQL
    // planned it again at each execution (lib/db/prepared.ts). The parameters PostgreSQL inferred for each statement
    // are the request's values only: a structure, an organisation or a user, an instant, a number of rows (Drizzle
    // numbers a placeholder again where the text repeats it).
    const now = new Date('2026-10-20T10:00:00Z')
    await partnerDashboard(db, demoIds.structureMobilite, { withArchived: true, now })
    await receivedAnswers(db, { userId: 'demo-referent', organisationId: demoIds.orgSeineMaritime, now })
    await unansweredPrescriptions(db, { organisationId: demoIds.orgSeineMaritime, days: 10, now })
    await unansweredPrescriptions(db, {
      organisationId: demoIds.orgSeineMaritime,
      authorId: 'demo-referent',
      days: 10,
      now,
    })
    const { rows } = await db.execute<{ name: string; types: string }>(
      sql`select name, parameter_types::text as types from pg_prepared_statements
          where name <> 'passerelle_test_organisation_name' order by name`,
    )
    expect(Object.fromEntries(rows.map((r) => [r.name, r.types]))).toEqual({
      passerelle_received_answers: '{text,text,uuid,"timestamp with time zone",bigint}',
      passerelle_structure_apply_counts: '{uuid,uuid[],uuid,uuid[]}',
      passerelle_structure_archived: '{uuid,bigint}',
      passerelle_structure_by_id: '{uuid}',
      passerelle_structure_expired: '{uuid,"timestamp with time zone",bigint}',
      passerelle_structure_offers: '{uuid}',
      passerelle_structure_pending: '{uuid,bigint}',
      passerelle_unanswered_author: '{uuid,"timestamp with time zone",text,bigint}',
      passerelle_unanswered_organisation: '{uuid,"timestamp with time zone",bigint}',
    })
  })
})
