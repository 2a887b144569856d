import 'server-only'
import { can, type Permission } from '@/lib/permissions'
import { getActiveUser, type CurrentUser } from './session'

/** For actions and route handlers: the signed-in partner-structure user holding the permission, or null (fail closed). */
export async function partnerWith(permission: Permission): Promise<(CurrentUser & { structureId: string }) | null> {
  const user = await getActiveUser()
  if (!user || !user.structureId || !can(user, permission)) return null
  return user as CurrentUser & { structureId: string }
}
