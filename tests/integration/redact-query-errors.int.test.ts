import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '@/lib/db/client'
import { DatabaseQueryError } from '@/lib/db/redact-query-errors'
import * as s from '@/lib/db/schema'
import { inRolledBackTransaction, testDatabaseUrl } from './db'

// lib/db/redact-query-errors.ts wraps Drizzle's query method (its one remaining reach into Drizzle's internals, with
// drizzle-orm pinned): a failed query must reach the logs without its parameters nor PostgreSQL's quoted values.
const { db, pool } = createDb(testDatabaseUrl(), 2)
afterAll(() => pool.end())

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work()
  } catch (error) {
    return error
  }
  throw new Error('the query did not fail')
}

describe('query errors', () => {
  it('keep the SQLSTATE and the constraint, never the values (a unique email, a search text)', async () => {
    const [someone] = await db.select({ id: s.users.id, email: s.users.email }).from(s.users).limit(1)
    const duplicate = await inRolledBackTransaction(db, (tx) =>
      failure(() =>
        tx
          .update(s.users)
          .set({ email: someone!.email })
          .where(sql`${s.users.id} <> ${someone!.id}`),
      ),
    )
    expect(duplicate).toBeInstanceOf(DatabaseQueryError)
    expect((duplicate as DatabaseQueryError).code).toBe('23505')
    expect((duplicate as DatabaseQueryError).constraint).toBeTruthy()
    expect(String((duplicate as Error).message)).not.toContain(someone!.email)
    expect(JSON.stringify(duplicate)).not.toContain(someone!.email)

    const search = 'Élodie-recherche-secrète'
    const cast = await failure(() =>
      db
        .select()
        .from(s.candidates)
        .where(eq(s.candidates.id, sql`${search}::uuid`)),
    )
    expect(cast).toBeInstanceOf(DatabaseQueryError)
    expect((cast as DatabaseQueryError).code).toBe('22P02')
    expect(`${(cast as Error).message} ${(cast as Error).stack}`).not.toContain(search)
  })
})
