import 'server-only'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { cache } from 'react'
import { getDb } from '@/lib/db/client'
import { can, GUARD_REDIRECT, partnerHome, type Permission } from '@/lib/permissions'
import { needsOnboarding } from '@/lib/onboarding/terms'
import { activeSession } from './active-session'
import { getAuth } from './auth'
import { loginPathFor } from './callback-url'

export type CurrentUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  role: string
  permissions: string[] | null
  /** The organisation's own list for this role, when it edited the matrix (lib/permissions.ts permissionsOf). */
  rolePermissions: string[] | null
  organisationId: string | null
  /** The organisation's reminder delay in days, read with the session (active-session.ts); null outside one. */
  answerReminderDays: number | null
  structureId: string | null
  /** False until the user went through /onboarding (again after a new version of the terms). */
  onboarded: boolean
  /** This request's session: a change that ends the organisation's sessions keeps the one of the person making it. */
  sessionId?: string
}

/** The signed-in user of this request, read once per render from the database session (idle timeout included). */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const result = await activeSession(getAuth(), getDb(), await headers())
  if (!result) return null
  const u = result.user
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    role: u.role ?? '',
    permissions: u.permissions ?? null,
    rolePermissions: result.rolePermissions ?? null,
    organisationId: u.organisationId ?? null,
    answerReminderDays: result.answerReminderDays ?? null,
    structureId: u.structureId ?? null,
    onboarded: !needsOnboarding(u),
    sessionId: result.session.id,
  }
})

/**
 * The user who may act (server actions, route handlers): signed in and onboarded. A user who has not
 * accepted the current terms of use yet changes and reads nothing through them, as if signed out; only onboarding,
 * account security and sign-out take them (those use getCurrentUser).
 */
export const getActiveUser = cache(async (): Promise<CurrentUser | null> => {
  const user = await getCurrentUser()
  return user?.onboarded ? user : null
})

/**
 * Pages: a visitor without a session goes to the login page; a user not yet onboarded goes to /onboarding, except on the pages that onboarding itself needs (`allowNotOnboarded`: /onboarding/*, account security).
 * `returnTo` is the page's own path (ids only, never personal data): the login page sends the visitor back to it once
 * signed in, second factor included (a partner's emailed link to a prescription).
 */
export async function requireUser(
  options: { allowNotOnboarded?: boolean; returnTo?: string } = {},
): Promise<CurrentUser> {
  const user = await getCurrentUser()
  if (!user) redirect(loginPathFor(options.returnTo))
  if (!user.onboarded && !options.allowNotOnboarded) redirect('/onboarding')
  return user
}

/** Route guards of spec §2: a missing permission redirects to the candidates dashboard. */
export async function requirePagePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser()
  if (!can(user, permission)) redirect(GUARD_REDIRECT)
  return user
}

/** Organisation pages (candidates, enterprises…): a partner-structure user is sent to their own home. */
export async function requireOrganisationUser(): Promise<
  CurrentUser & { organisationId: string; answerReminderDays: number }
> {
  const user = await requireUser()
  if (!user.organisationId) redirect(partnerHome(user))
  return user as CurrentUser & { organisationId: string; answerReminderDays: number }
}
