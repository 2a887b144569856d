import { partnerHome } from '@/lib/permissions'

/** Where a user lands after signing in, and on '/': partners on their structure, everyone else on the candidates. */
export function homeFor(user: { role: string }): string {
  return user.role === 'fullPartner' ? partnerHome(user) : '/v2/candidates/dashboard'
}
