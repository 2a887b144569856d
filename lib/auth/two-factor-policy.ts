import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisationRolePermissions, organisations, users } from '@/lib/db/schema'
import { permissionsOf, type PermissionSubject } from '@/lib/permissions'

/** Who may read the NIR or take candidates' data out: covered by the second factor unless the organisation says no. */
export const SENSITIVE_PERMISSIONS = ['candidate.nir.visualize', 'candidate.export', 'settings.exports.visualize']

/**
 * A second factor is required for every user holding a settings.* permission (they administer the
 * organisation or export its data), for every user of an organisation that requires it, and, unless the
 * organisation turned `twoFactorForSensitive` off (it is on by default, and taken as on when unknown), for every
 * user who may read the NIR or export.
 */
export function requiresSecondFactor(
  user: PermissionSubject,
  organisation: { twoFactorRequired: boolean; twoFactorForSensitive?: boolean | null } | null,
): boolean {
  const held = permissionsOf(user)
  if (organisation?.twoFactorRequired) return true
  if ([...held].some((p) => p.startsWith('settings.'))) return true
  return (organisation?.twoFactorForSensitive ?? true) && SENSITIVE_PERMISSIONS.some((p) => held.has(p as never))
}

/**
 * The one read of a user's second factor (the password sign-in, an identity provider's, /double-auth): whether the
 * policy requires it — the user's own permissions, else the organisation's matrix for the role, else the role's —
 * and whether the user has it on. `where` picks the user (by id or email); null for nobody.
 */
export async function readSecondFactor(
  db: DbOrTx,
  where: SQL,
): Promise<{ id: string; required: boolean; enabled: boolean } | null> {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      permissions: users.permissions,
      rolePermissions: organisationRolePermissions.permissions,
      enabled: users.twoFactorEnabled,
      orgRequires: organisations.twoFactorRequired,
      orgSensitive: organisations.twoFactorForSensitive,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(
      organisationRolePermissions,
      and(
        eq(organisationRolePermissions.organisationId, users.organisationId),
        eq(organisationRolePermissions.role, users.role),
      ),
    )
    .where(where)
  if (!user) return null
  return {
    id: user.id,
    required: requiresSecondFactor(user, {
      twoFactorRequired: !!user.orgRequires,
      twoFactorForSensitive: user.orgSensitive,
    }),
    enabled: user.enabled,
  }
}

/** Turns better-auth's flag on for a user the policy requires it of (a no-op when it already is). */
async function turnOn(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
}

/**
 * Turns better-auth's two-factor flag on for the user of this email when the policy requires it, so that the
 * sign-in asks for a code. Idempotent, and says nothing about whether the email exists.
 */
export async function enforceSecondFactorPolicy(db: DbOrTx, email: string): Promise<void> {
  const user = await readSecondFactor(db, eq(users.email, email.trim().toLowerCase()))
  if (!user || user.enabled || !user.required) return
  await turnOn(db, user.id)
}

/**
 * Whether this user must give a second factor now (an identity-provider sign-in): when the policy requires
 * one, or when the user turned it on. Turns better-auth's flag on when the policy requires it, as a password
 * sign-in does. An unknown user must (fail closed).
 */
export async function mustGiveSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const user = await readSecondFactor(db, eq(users.id, userId))
  if (!user) return true
  if (user.enabled) return true
  if (!user.required) return false
  await turnOn(db, userId)
  return true
}
