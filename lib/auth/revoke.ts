import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { sessions, users } from '@/lib/db/schema'

/** Ends every session of a user at once (the next request of any app process finds none). */
export async function endUserSessions(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return deleted.length
}

/** Disables a user: no new session (auth.ts refuses one), and the open ones end now, in the same transaction. */
export async function disableUser(db: DbOrTx, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ disabled: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    await endUserSessions(tx, userId)
  })
}
