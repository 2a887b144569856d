import { and, eq, ne, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import { provisionUser } from '@/lib/auth/provision-user'
import { endUserSessions } from '@/lib/auth/revoke'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, sessions, twoFactors, users } from '@/lib/db/schema'
import { queueInvitation } from './invitation'
import type { NewUserInput, UserProfileInput } from './schemas'
import { fullName } from '@/lib/person-name'

/**
 * What an organisation's administrator does to its users. Each change runs in one transaction with its audit
 * row (ids and codes only); a user of another organisation is "not found" and nothing is written.
 */
export type SettingsActor = {
  id: string
  organisationId: string
  /** The administrator's own session, kept when a change ends the organisation's sessions. */
  sessionId?: string | null
}
export type SettingsOutcome<T = object> =
  ({ ok: true } & T) | { ok: false; notFound: true } | { ok: false; error: string; field?: string }

export const USER_MESSAGES = {
  emailTaken: 'Un compte Passerelle existe déjà avec cette adresse email.',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte\u00a0: demandez-le à un autre administrateur.',
  selfDemote:
    'Vous ne pouvez pas retirer votre propre rôle d’administrateur\u00a0: demandez-le à un autre administrateur.',
} as const

const NOT_FOUND = { ok: false, notFound: true } as const
const inOrganisation = (actor: SettingsActor, userId: string) =>
  and(eq(users.id, userId), eq(users.organisationId, actor.organisationId))

/** Creates a user of the administrator's organisation, without a password: the invitation (queued with it) sets it. */
export async function createOrganisationUser(
  db: DbOrTx,
  actor: SettingsActor,
  input: NewUserInput,
): Promise<SettingsOutcome<{ userId: string }>> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email))
      if (taken) return { ok: false as const, error: USER_MESSAGES.emailTaken, field: 'email' }
      const result = await provisionUser(tx, { ...input, organisationId: actor.organisationId })
      if (!result.ok) return { ok: false as const, error: result.error }
      await writeAudit(tx, {
        actorId: actor.id,
        organisationId: actor.organisationId,
        action: 'user.created',
        entityType: 'user',
        entityId: result.userId,
        details: { role: input.role },
      })
      await queueInvitation(tx, result.userId)
      return { ok: true as const, userId: result.userId }
    })
  } catch (error) {
    // Two administrators creating the same address at once: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      return { ok: false, error: USER_MESSAGES.emailTaken, field: 'email' }
    throw error
  }
}

/** Names, phone and role. An administrator cannot take their own administrator role away. */
export async function updateOrganisationUser(
  db: DbOrTx,
  actor: SettingsActor,
  userId: string,
  input: UserProfileInput,
): Promise<SettingsOutcome> {
  if (userId === actor.id && input.role !== 'admin')
    return { ok: false, error: USER_MESSAGES.selfDemote, field: 'role' }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role })
      .from(users)
      .where(inOrganisation(actor, userId))
      .for('update')
    if (!before) return NOT_FOUND
    const roleChanged = before.role !== input.role
    await tx
      .update(users)
      // A new role replaces any per-user permission list, so that the screen tells the truth about what they may do.
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        name: fullName(input),
        phone: input.phone,
        role: input.role,
        ...(roleChanged ? { permissions: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(inOrganisation(actor, userId))
    // Their open sessions were opened under the old role (perhaps without the second factor the new one requires).
    if (roleChanged) await endUserSessions(tx, userId)
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'user.updated',
      entityType: 'user',
      entityId: userId,
      details: before.role === input.role ? {} : { role: input.role, previousRole: before.role },
    })
    return { ok: true as const }
  })
}

/** Disabling ends every session of the user at once (and auth.ts refuses new ones); enabling lets them sign in again. */
export async function setOrganisationUserDisabled(
  db: DbOrTx,
  actor: SettingsActor,
  userId: string,
  disabled: boolean,
): Promise<SettingsOutcome<{ sessionsEnded: number }>> {
  if (disabled && userId === actor.id) return { ok: false, error: USER_MESSAGES.selfDisable }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabled, updatedAt: sql`now()` })
      .where(inOrganisation(actor, userId))
      .returning({ id: users.id })
    if (!row) return NOT_FOUND
    const sessionsEnded = disabled ? await endUserSessions(tx, userId) : 0
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: disabled ? 'user.disabled' : 'user.enabled',
      entityType: 'user',
      entityId: userId,
      details: disabled ? { sessionsEnded } : {},
    })
    return { ok: true as const, sessionsEnded }
  })
}

/**
 * Removes a provider identity; the sessions opened through that provider end with it. The password is not an identity
 * here. There is no way for an administrator to add one: an identity is the person's own, linked when they sign in
 * through the provider with an address it verified (or given when the account is provisioned,
 * lib/auth/provision-user.ts), never attached by someone else, who could then sign in as them.
 */
export async function removeOrganisationUserIdentity(
  db: DbOrTx,
  actor: SettingsActor,
  userId: string,
  accountRowId: string,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(inOrganisation(actor, userId))
    if (!user) return NOT_FOUND
    const [removed] = await tx
      .delete(accounts)
      .where(and(eq(accounts.id, accountRowId), eq(accounts.userId, userId), ne(accounts.providerId, 'credential')))
      .returning({ providerId: accounts.providerId })
    if (!removed) return NOT_FOUND
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.signInProvider, removed.providerId)))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'user.identity-removed',
      entityType: 'user',
      entityId: userId,
      details: { providerId: removed.providerId, accountRowId },
    })
    return { ok: true as const }
  })
}

/**
 * Resets the second factor (a lost phone): the authenticator app and its backup codes are forgotten. A user the
 * policy requires a second factor of gets an emailed code at the next sign-in; open sessions stay.
 */
export async function resetOrganisationUserSecondFactor(
  db: DbOrTx,
  actor: SettingsActor,
  userId: string,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(inOrganisation(actor, userId))
      .returning({ id: users.id })
    if (!row) return NOT_FOUND
    const apps = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id })
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId: actor.organisationId,
      action: 'user.second-factor-reset',
      entityType: 'user',
      entityId: userId,
      details: { authenticatorAppRemoved: apps.length > 0 },
    })
    return { ok: true as const }
  })
}
