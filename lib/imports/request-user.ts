import 'server-only'
import { getActiveUser, type CurrentUser } from '@/lib/auth/session'
import { can } from '@/lib/permissions'

/** Route handlers of the import: the signed-in organisation user holding candidate.modify, or null (fail closed). */
export async function importingUser(): Promise<(CurrentUser & { organisationId: string }) | null> {
  const user = await getActiveUser()
  if (!user || !user.organisationId || !can(user, 'candidate.modify')) return null
  return user as CurrentUser & { organisationId: string }
}
