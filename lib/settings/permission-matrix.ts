import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { writeAudit } from '@/lib/audit'
import { endOrganisationSessions } from '@/lib/auth/revoke'
import type { Db, DbOrTx } from '@/lib/db/client'
import { organisationRolePermissions, organisations, users } from '@/lib/db/schema'
import { activeStaffOf } from '@/lib/organisation/active-staff'
import { PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, type Permission } from '@/lib/permissions'

/** The roles an organisation's matrix covers: partner users belong to their structure and keep the table's list. */
export const MATRIX_ROLES = ['admin', 'referent', 'counsellor'] as const
export type MatrixRole = (typeof MATRIX_ROLES)[number]
export type Matrix = Record<MatrixRole, Permission[]>

export const MATRIX_MESSAGES = {
  invalid: 'Une des permissions cochées n’existe pas. Rechargez la page.',
  lastSettingsAccess:
    'Au moins un utilisateur actif doit garder l’accès aux paramètres («\u00a0settings.visualize\u00a0»)\u00a0: sans lui, plus personne ne pourrait modifier ces permissions.',
} as const

export const matrixSchema = z.object(
  Object.fromEntries(
    MATRIX_ROLES.map((role) => [
      role,
      z.array(z.enum(PERMISSIONS, { error: MATRIX_MESSAGES.invalid })).max(PERMISSIONS.length),
    ]),
  ) as Record<MatrixRole, z.ZodArray<z.ZodEnum<{ [K in Permission]: K }>>>,
)

/** The organisation's matrix: its own list for a role when it set one, else the default of lib/permissions.ts. */
export async function organisationMatrix(db: DbOrTx, organisationId: string): Promise<Matrix> {
  const rows = await db
    .select({ role: organisationRolePermissions.role, permissions: organisationRolePermissions.permissions })
    .from(organisationRolePermissions)
    .where(eq(organisationRolePermissions.organisationId, organisationId))
  const own = new Map(rows.map((r) => [r.role, r.permissions]))
  return Object.fromEntries(
    MATRIX_ROLES.map((role) => [role, [...permissionsOf({ role, rolePermissions: own.get(role) ?? null })]]),
  ) as Matrix
}

export type MatrixOutcome = { ok: true; changed: number } | { ok: false; error: string }

/**
 * Saves the organisation's matrix in one transaction, with an audit row per changed role (what was added and
 * removed). Refused when no enabled user of the organisation would keep settings.visualize: the matrix could then
 * never be changed back. The sessions of the users of a changed role end in the same transaction (a role that
 * gains the NIR, exports or settings must give a second factor it may not have given), all but the
 * administrator's own (`actorSessionId`).
 */
export async function updateOrganisationMatrix(
  db: Db,
  params: { organisationId: string; actorId: string; actorSessionId?: string | null; input: unknown; now: Date },
): Promise<MatrixOutcome> {
  const parsed = matrixSchema.safeParse(params.input)
  if (!parsed.success) return { ok: false, error: MATRIX_MESSAGES.invalid }
  const next = Object.fromEntries(
    MATRIX_ROLES.map((role) => [role, PERMISSIONS.filter((p) => parsed.data[role].includes(p))]),
  ) as Matrix
  return db.transaction(async (tx) => {
    // One change of the organisation's matrix at a time: the check below reads what the others wrote.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, params.organisationId))
      .for('update')
    const before = await organisationMatrix(tx, params.organisationId)
    const staff = await tx
      .select({ role: users.role, permissions: users.permissions })
      .from(users)
      .where(activeStaffOf(params.organisationId))
    const keepsSettings = staff.some((u) =>
      permissionsOf({
        role: u.role,
        permissions: u.permissions,
        rolePermissions: next[u.role as MatrixRole] ?? null,
      }).has('settings.visualize'),
    )
    if (!keepsSettings) return { ok: false as const, error: MATRIX_MESSAGES.lastSettingsAccess }
    const changedRoles: MatrixRole[] = []
    for (const role of MATRIX_ROLES) {
      const added = next[role].filter((p) => !before[role].includes(p))
      const removed = before[role].filter((p) => !next[role].includes(p))
      if (!added.length && !removed.length) continue
      changedRoles.push(role)
      await tx
        .insert(organisationRolePermissions)
        .values({ organisationId: params.organisationId, role, permissions: next[role], updatedAt: params.now })
        .onConflictDoUpdate({
          target: [organisationRolePermissions.organisationId, organisationRolePermissions.role],
          set: { permissions: next[role], updatedAt: params.now },
        })
      await writeAudit(tx, {
        actorId: params.actorId,
        organisationId: params.organisationId,
        action: 'permissions.updated',
        entityType: 'role',
        entityId: role,
        details: { added, removed },
      })
    }
    const sessionsEnded = await endOrganisationSessions(tx, {
      organisationId: params.organisationId,
      roles: changedRoles,
      keep: params.actorSessionId,
    })
    if (sessionsEnded)
      await writeAudit(tx, {
        actorId: params.actorId,
        organisationId: params.organisationId,
        action: 'permissions.sessions-ended',
        entityType: 'organisation',
        entityId: params.organisationId,
        details: { roles: changedRoles, sessionsEnded },
      })
    return { ok: true as const, changed: changedRoles.length }
  })
}

/** The default of a role, to show what the organisation changed. */
export const defaultOf = (role: MatrixRole): readonly Permission[] => ROLE_PERMISSIONS[role]
