import 'server-only'
import { getActiveUser, type CurrentUser } from '@/lib/auth/session'
import { logError } from '@/lib/log'
import { can, type Permission } from '@/lib/permissions'
import type { Outcome } from './fields'

export const FORBIDDEN = { ok: false, error: 'Vous n’avez pas le droit de faire cette modification.' } as const
export const FAILED = { ok: false, error: 'L’enregistrement a échoué. Réessayez dans un instant.' } as const

/**
 * The frame of the directory's server actions: the session, the permission (checked here, whatever the UI showed),
 * then the domain function; an unexpected error is logged without personal data and told in French.
 */
export async function guardedAction<T extends object>(
  what: string,
  permission: Permission | null,
  work: (user: CurrentUser) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const user = await getActiveUser()
  // Issue 14 §3: nothing is changed by a user who has not been through onboarding (the terms of use) yet.
  if (!user || !user.onboarded || (permission && !can(user, permission))) return FORBIDDEN
  try {
    return await work(user)
  } catch (error) {
    logError(`directory.${what}`, error)
    return FAILED
  }
}

/** An organisation user's actor (the tenant of every write), or null for a partner user. */
export const organisationActor = (user: CurrentUser) =>
  user.organisationId ? { organisationId: user.organisationId, actorId: user.id } : null
