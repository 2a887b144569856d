import { can, isPartnerUser, partnerHome, type PermissionSubject } from '@/lib/permissions'

/** Where a user lands after signing in, and on '/': partners on their structure, everyone else on the candidates. */
export function homeFor(user: { role: string }): string {
  return isPartnerUser(user) ? partnerHome(user) : '/v2/candidates/dashboard'
}

/**
 * Where /onboarding/end leads: a partner to its structure; the others to /homePage when they may see it,
 * else to the candidates.
 */
export function onboardedHomeFor(user: PermissionSubject): string {
  if (isPartnerUser(user)) return partnerHome(user)
  return can(user, 'homePage.visualize') ? '/homePage' : '/v2/candidates/dashboard'
}
