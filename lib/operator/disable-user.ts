import { and, count, eq, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { endUserSessions } from '@/lib/auth/revoke'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { activeStaffOf } from '@/lib/organisation/active-staff'
import { text } from '@/lib/text/safe-text'

/**
 * `npm run admin -- disable-user --email`: an account (of an organisation or of a partner structure) disabled from the
 * command line, as an administrator does it in the app: no new sign-in (auth.ts refuses a disabled user), every open
 * session ended in the same transaction, and the audit row with them.
 */
export const DISABLE_USER_MESSAGES = {
  emailInvalid: 'Donnez l’adresse email du compte à désactiver (--email).',
  unknown: 'Aucun compte Passerelle n’a cette adresse email\u00a0: rien n’a été modifié.',
} as const

const emailSchema = text({ error: DISABLE_USER_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .min(1, DISABLE_USER_MESSAGES.emailInvalid)
  .max(254, DISABLE_USER_MESSAGES.emailInvalid)

export type DisableUserOutcome =
  | { ok: true; userId: string; alreadyDisabled: boolean; sessionsEnded: number; activeAdminsLeft: number | null }
  | { ok: false; error: string }

export async function disableUserByEmail(db: DbOrTx, email: unknown): Promise<DisableUserOutcome> {
  const parsed = emailSchema.safeParse(email)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        disabled: users.disabled,
        role: users.role,
        organisationId: users.organisationId,
        structureId: users.structureId,
      })
      .from(users)
      .where(eq(users.email, parsed.data))
      .for('update')
    if (!user) return { ok: false as const, error: DISABLE_USER_MESSAGES.unknown }
    if (!user.disabled)
      await tx
        .update(users)
        .set({ disabled: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
    const sessionsEnded = await endUserSessions(tx, user.id)
    await writeAudit(tx, {
      actorId: null,
      organisationId: user.organisationId,
      structureId: user.structureId,
      action: 'user.disabled',
      entityType: 'user',
      entityId: user.id,
      details: { sessionsEnded, by: 'admin-command', ...(user.disabled ? { alreadyDisabled: true } : {}) },
    })
    // An organisation left without an active administrator can only be reached again through create-admin.
    let activeAdminsLeft: number | null = null
    if (user.organisationId && user.role === 'admin') {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(activeStaffOf(user.organisationId), eq(users.role, 'admin')))
      activeAdminsLeft = row!.n
    }
    return { ok: true as const, userId: user.id, alreadyDisabled: user.disabled, sessionsEnded, activeAdminsLeft }
  })
}
