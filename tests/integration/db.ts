import { TransactionRollbackError } from 'drizzle-orm'
import { afterAll, inject } from 'vitest'
import { createDb, type Db } from '@/lib/db/client'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A Drizzle handle on the run's seeded database (see global-setup.ts); its pool closes after the calling file. */
export function useTestDb(): Db {
  const { db, pool } = createDb(inject('databaseUrl'), 4)
  afterAll(() => pool.end())
  return db
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
