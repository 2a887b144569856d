import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { organisationRolePermissions, organisations, users } from '@/lib/db/schema'
import { permissionsOf, type PermissionSubject } from '@/lib/permissions'

/**
 * A second factor is required for every user holding a settings.* permission (they administer the
 * organisation or export its data), and for every user of an organisation that requires it.
 */
export function requiresSecondFactor(user: PermissionSubject, organisation: { twoFactorRequired: boolean } | null): boolean {
  return [...permissionsOf(user)].some((p) => p.startsWith('settings.')) || !!organisation?.twoFactorRequired
}

/**
 * Turns better-auth's two-factor flag on for the user of this email when the policy requires it, so that the
 * sign-in asks for a code. Idempotent, and says nothing about whether the email exists.
 */
export async function enforceSecondFactorPolicy(db: DbOrTx, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions, rolePermissions: organisationRolePermissions.permissions, enabled: users.twoFactorEnabled, orgRequires: organisations.twoFactorRequired })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(organisationRolePermissions, and(eq(organisationRolePermissions.organisationId, users.organisationId), eq(organisationRolePermissions.role, users.role)))
    .where(eq(users.email, email.trim().toLowerCase()))
  if (!user || user.enabled) return
  if (!requiresSecondFactor(user, { twoFactorRequired: !!user.orgRequires })) return
  await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
}

/**
 * Whether this user must give a second factor now (an identity-provider sign-in): when the policy requires
 * one, or when the user turned it on. Turns better-auth's flag on when the policy requires it, as a password
 * sign-in does. An unknown user must (fail closed).
 */
export async function mustGiveSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ role: users.role, permissions: users.permissions, rolePermissions: organisationRolePermissions.permissions, enabled: users.twoFactorEnabled, orgRequires: organisations.twoFactorRequired })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(organisationRolePermissions, and(eq(organisationRolePermissions.organisationId, users.organisationId), eq(organisationRolePermissions.role, users.role)))
    .where(eq(users.id, userId))
  if (!user) return true
  if (user.enabled) return true
  if (!requiresSecondFactor(user, { twoFactorRequired: !!user.orgRequires })) return false
  await db.update(users).set({ twoFactorEnabled: true, updatedAt: sql`now()` }).where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
  return true
}
