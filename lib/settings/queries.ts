import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, organisationRolePermissions, organisations, users } from '@/lib/db/schema'
import { SIGNED_IN_ACTION } from '@/lib/auth/sign-in-audit'
import { requiresSecondFactor } from '@/lib/auth/two-factor-policy'
import { hasConfirmedTotp } from '@/lib/auth/two-factor-queries'
import { PAGE_SIZE } from '@/lib/constants'

/**
 * What the administrators' screens read. Every query keeps the organisation in its where: a user of another
 * organisation, or a partner structure's user (they have no organisation), is "not found".
 */

/** The second factor as the list shows it: required by the policy, turned on by the user, or off. */
export type SecondFactorState = 'required' | 'on' | 'off'

export type OrganisationUserRow = {
  id: string
  firstName: string
  lastName: string
  email: string
  role: string
  disabled: boolean
  secondFactor: SecondFactorState
  lastSignInAt: Date | null
}

// Written out in full: Drizzle leaves the table off columns in a one-table select, which would make "id" the
// audit row's own id here. Served by audit_log_entity_idx (entity_type, entity_id, at).
const lastSignIn = sql<Date | null>`(
  select max(a.at) from audit_log a
  where a.entity_type = 'user' and a.entity_id = "user"."id" and a.action = ${SIGNED_IN_ACTION}
)`.mapWith((v: string | Date | null) => (v == null ? null : new Date(v)))

/** The organisation's permission matrix row for the user's role. */
const rolePermissionsOf = and(
  eq(organisationRolePermissions.organisationId, users.organisationId),
  eq(organisationRolePermissions.role, users.role),
)

/** As the sign-in decides it (lib/auth/two-factor-policy.ts): the user's permissions, else the organisation's matrix for the role. */
function secondFactorOf(
  row: { role: string; permissions: string[] | null; rolePermissions: string[] | null; twoFactorEnabled: boolean },
  organisation: { twoFactorRequired: boolean; twoFactorForSensitive: boolean | null },
): SecondFactorState {
  if (requiresSecondFactor(row, organisation)) return 'required'
  return row.twoFactorEnabled ? 'on' : 'off'
}

/** The organisation's users, 50 a page, by name; with the total. `page` starts at 1. */
export async function listOrganisationUsers(
  db: DbOrTx,
  organisationId: string,
  page: number,
): Promise<{ rows: OrganisationUserRow[]; total: number; page: number; pages: number }> {
  const [[{ total } = { total: 0 }], [org]] = await Promise.all([
    db.select({ total: count() }).from(users).where(eq(users.organisationId, organisationId)),
    db
      .select({
        twoFactorRequired: organisations.twoFactorRequired,
        twoFactorForSensitive: organisations.twoFactorForSensitive,
      })
      .from(organisations)
      .where(eq(organisations.id, organisationId)),
  ])
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages)
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      rolePermissions: organisationRolePermissions.permissions,
      disabled: users.disabled,
      twoFactorEnabled: users.twoFactorEnabled,
      lastSignInAt: lastSignIn,
    })
    .from(users)
    .leftJoin(organisationRolePermissions, rolePermissionsOf)
    .where(eq(users.organisationId, organisationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE)
  return {
    rows: rows.map(({ permissions, rolePermissions, twoFactorEnabled, ...r }) => ({
      ...r,
      secondFactor: secondFactorOf(
        { role: r.role, permissions, rolePermissions, twoFactorEnabled },
        { twoFactorRequired: !!org?.twoFactorRequired, twoFactorForSensitive: org?.twoFactorForSensitive ?? null },
      ),
    })),
    total,
    page: current,
    pages,
  }
}

export type OrganisationUserDetail = OrganisationUserRow & {
  phone: string | null
  hasPassword: boolean
  hasAuthenticatorApp: boolean
  identities: { id: string; providerId: string; accountId: string }[]
}

/** One user of the organisation, or null (another organisation's, a partner's, or none). */
export async function getOrganisationUser(
  db: DbOrTx,
  organisationId: string,
  userId: string,
): Promise<OrganisationUserDetail | null> {
  if (!userId || userId.length > 100) return null
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      role: users.role,
      permissions: users.permissions,
      rolePermissions: organisationRolePermissions.permissions,
      disabled: users.disabled,
      twoFactorEnabled: users.twoFactorEnabled,
      orgRequires: organisations.twoFactorRequired,
      orgSensitive: organisations.twoFactorForSensitive,
      lastSignInAt: lastSignIn,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .leftJoin(organisationRolePermissions, rolePermissionsOf)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
  if (!row) return null
  const [linked, totp] = await Promise.all([
    db
      .select({ id: accounts.id, providerId: accounts.providerId, accountId: accounts.accountId })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.providerId), desc(accounts.createdAt)),
    hasConfirmedTotp(db, userId),
  ])
  const { permissions, rolePermissions, twoFactorEnabled, orgRequires, orgSensitive, ...rest } = row
  return {
    ...rest,
    secondFactor: secondFactorOf(
      { role: row.role, permissions, rolePermissions, twoFactorEnabled },
      { twoFactorRequired: orgRequires, twoFactorForSensitive: orgSensitive },
    ),
    hasPassword: linked.some((a) => a.providerId === 'credential'),
    hasAuthenticatorApp: totp,
    identities: linked.filter((a) => a.providerId !== 'credential'),
  }
}

/** The administrator's own organisation. */
export async function getOrganisationSettings(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      addressFormatted: organisations.addressFormatted,
      contactEmail: organisations.contactEmail,
      contactPhone: organisations.contactPhone,
      twoFactorRequired: organisations.twoFactorRequired,
      twoFactorForSensitive: organisations.twoFactorForSensitive,
      journalRetentionMonths: organisations.journalRetentionMonths,
      answerReminderDays: organisations.answerReminderDays,
      prescriptionExpiryDays: organisations.prescriptionExpiryDays,
      retentionDays: organisations.retentionDays,
      smsWindowStartMinute: organisations.smsWindowStartMinute,
      smsWindowEndMinute: organisations.smsWindowEndMinute,
      smsWindowDays: organisations.smsWindowDays,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row ?? null
}
