import 'server-only'
import { getCurrentUser, type CurrentUser } from '@/lib/auth/session'
import { can, type Permission } from '@/lib/permissions'

/**
 * Who may reach an entry point. `session`: 'active' (the default) is a signed-in user who went through onboarding (the
 * terms of use); 'signed-in' takes a user who has not yet (onboarding itself, account security). `permission`: one
 * permission, or null for any such user. `tenant`: whose records the entry point acts on — the user's organisation,
 * the partner's structure, or 'any' when the domain decides (a structure run by its own administrators or by the
 * organisation that created it).
 */
export type Tenant = 'organisation' | 'structure' | 'any'
export type Gate = { session?: 'active' | 'signed-in'; permission: Permission | null; tenant: Tenant }

export type OrganisationActor = { organisationId: string; actorId: string }
export type Place<T extends Tenant> = T extends 'organisation'
  ? { organisationId: string; actor: OrganisationActor }
  : T extends 'structure'
    ? { structureId: string }
    : object

export type Acting<T extends Tenant> =
  ({ ok: true; user: CurrentUser } & Place<T>) | { ok: false; reason: 'signed-out' | 'forbidden' }

/** The request's user if they pass the gate (fail closed), with their tenant; else why not. */
export async function actingUser<T extends Tenant>(gate: Gate & { tenant: T }): Promise<Acting<T>> {
  const user = await getCurrentUser()
  if (!user) return { ok: false, reason: 'signed-out' }
  if ((gate.session !== 'signed-in' && !user.onboarded) || (gate.permission && !can(user, gate.permission)))
    return { ok: false, reason: 'forbidden' }
  const place = placeOf(user, gate.tenant)
  return place ? ({ ok: true, user, ...place } as Acting<T>) : { ok: false, reason: 'forbidden' }
}

function placeOf(user: CurrentUser, tenant: Tenant): object | null {
  if (tenant === 'organisation')
    return user.organisationId
      ? { organisationId: user.organisationId, actor: { organisationId: user.organisationId, actorId: user.id } }
      : null
  if (tenant === 'structure') return user.structureId ? { structureId: user.structureId } : null
  return {}
}
