import { eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { logError } from '@/lib/log'

export const SIGNED_IN_ACTION = 'user.signed-in'

/**
 * One audit row per completed sign-in (a session handed to the browser): the administrators' user list shows
 * the last one. Ids and codes only. Never fails the sign-in it records.
 */
export async function recordSignIn(
  db: DbOrTx,
  userId: string,
  details: { method: 'password' | 'provider' | 'provider-mfa' | 'second-factor'; provider?: string },
): Promise<void> {
  try {
    const [user] = await db
      .select({ organisationId: users.organisationId, structureId: users.structureId })
      .from(users)
      .where(eq(users.id, userId))
    await writeAudit(db, {
      actorId: userId,
      organisationId: user?.organisationId ?? null,
      structureId: user?.structureId ?? null,
      action: SIGNED_IN_ACTION,
      entityType: 'user',
      entityId: userId,
      details: details.provider ? details : { method: details.method },
    })
  } catch (error) {
    // The sign-in itself succeeded; its audit row only feeds the user list.
    logError('auth.sign-in-audit', error)
  }
}
