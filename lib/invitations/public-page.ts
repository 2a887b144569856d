import { appUrl } from '@/lib/auth/app-url'
import type { Db } from '@/lib/db/client'
import { invitationPage } from './booking'
import { lookUpCode } from './public-throttle'
import { invitationView, type InvitationView } from './public-view'

/**
 * The cookie that carries the name check's proof (booking.ts's issueProof): only sent to the invitation pages and
 * their actions (Path=/i), never readable by a script, not sent from another site's form (Lax), and Secure over https
 * (`__Secure-`: a browser refuses it over http, so a plain-http page cannot plant one).
 */
export function proofCookie(maxAgeSeconds: number) {
  const https = appUrl().startsWith('https://')
  return {
    name: `${https ? '__Secure-' : ''}passerelle.invitation`,
    options: { path: '/i', httpOnly: true, sameSite: 'lax' as const, secure: https, maxAge: maxAgeSeconds },
  }
}

export type OpenedInvitation =
  { kind: 'invalid' } | { kind: 'unknown' } | { kind: 'throttled' } | { kind: 'found'; view: InvitationView }

/** The link `/i/<CODE>` as a signed-out person opens it: the code throttled per address, then the page's data. */
export async function openInvitation(
  db: Db,
  typed: string,
  proof: string | undefined,
  ip: string | null,
  now: Date,
): Promise<OpenedInvitation> {
  const found = await lookUpCode(db, typed, ip)
  if (found.kind !== 'found') return found
  const page = await invitationPage(db, found.code, proof, now)
  if (!page) return { kind: 'unknown' }
  return { kind: 'found', view: invitationView(found.code, page, now) }
}
