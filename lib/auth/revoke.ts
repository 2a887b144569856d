import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { sessions, users } from '@/lib/db/schema'

/** Ends every session of a user at once (the next request of any app process finds none). */
export async function endUserSessions(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return deleted.length
}

/**
 * Ends the sessions of an organisation's users, or of those of some roles, when what they may do or how they must
 * sign in changed: they sign in again under the new rule (a second factor it now asks for included). The session
 * `keep` (the administrator making the change, who is acting under the rule and gave their second factor) stays.
 */
export async function endOrganisationSessions(
  db: DbOrTx,
  scope: { organisationId: string; roles?: string[]; keep?: string | null },
): Promise<number> {
  if (scope.roles && !scope.roles.length) return 0
  const members = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organisationId, scope.organisationId), scope.roles ? inArray(users.role, scope.roles) : undefined),
    )
  const deleted = await db
    .delete(sessions)
    .where(and(inArray(sessions.userId, members), scope.keep ? ne(sessions.id, scope.keep) : undefined))
    .returning({ id: sessions.id })
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
