import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, sessions, users } from '@/lib/db/schema'

/** The identity-provider logins of a user, for their own account page (the password is not one of them). */
export async function ownIdentities(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; providerId: string; linkedAt: Date }[]> {
  return db
    .select({ id: accounts.id, providerId: accounts.providerId, linkedAt: accounts.createdAt })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential')))
    .orderBy(asc(accounts.createdAt))
}

export type RemoveOwnIdentity = { ok: true; providerId: string } | { ok: false; reason: 'not-found' | 'last-way' }

/**
 * A user removes one of their own identity-provider logins: another user's is "not found". The last way to sign in
 * (no password, no other login) stays, or the person would be locked out. The user's other sessions opened through
 * that provider end with it; the one making the change stays. One transaction with its audit row.
 */
export async function removeOwnIdentity(
  db: DbOrTx,
  actor: { userId: string; sessionId: string },
  accountRowId: string,
): Promise<RemoveOwnIdentity> {
  return db
    .transaction(async (tx) => {
      const [user] = await tx
        .select({ organisationId: users.organisationId, structureId: users.structureId })
        .from(users)
        .where(eq(users.id, actor.userId))
        .for('update')
      if (!user) return { ok: false as const, reason: 'not-found' as const }
      const [removed] = await tx
        .delete(accounts)
        .where(
          and(eq(accounts.id, accountRowId), eq(accounts.userId, actor.userId), ne(accounts.providerId, 'credential')),
        )
        .returning({ providerId: accounts.providerId })
      if (!removed) return { ok: false as const, reason: 'not-found' as const }
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .where(
          and(
            eq(accounts.userId, actor.userId),
            sql`(${accounts.providerId} <> 'credential' or ${isNotNull(accounts.password)})`,
          ),
        )
      // Rolled back by the throw: the identity stays.
      if (!left?.n) throw new LastWayToSignIn()
      await tx
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, actor.userId),
            eq(sessions.signInProvider, removed.providerId),
            ne(sessions.id, actor.sessionId),
          ),
        )
      await writeAudit(tx, {
        actorId: actor.userId,
        organisationId: user.organisationId,
        structureId: user.structureId,
        action: 'user.identity-removed',
        entityType: 'user',
        entityId: actor.userId,
        details: { providerId: removed.providerId, accountRowId },
      })
      return { ok: true as const, providerId: removed.providerId }
    })
    .catch((error: unknown) => {
      if (error instanceof LastWayToSignIn) return { ok: false as const, reason: 'last-way' as const }
      throw error
    })
}

class LastWayToSignIn extends Error {}
