import { isAPIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import type { Auth } from './auth'
import { recordSignIn } from './sign-in-audit'
import { forgiveAttempt, reserveAccountAttempt, slowDown } from './throttle'

export type PasswordSignIn =
  | { kind: 'signed-in'; role: string; responseHeaders: Headers }
  /** The password was right; better-auth's two-factor cookie is in responseHeaders, no session yet. */
  | { kind: 'second-factor'; methods: string[]; responseHeaders: Headers }
  /** Wrong password, unknown email or disabled account: one answer. */
  | { kind: 'invalid' }
  | { kind: 'throttled' }

/**
 * Email and password sign-in, throttled before better-auth checks the password (lib/auth/throttle.ts): refused
 * for an address that failed too often on this account or at all, slowed down (never refused) by the account's
 * failures from anywhere. A user who must have a second factor gets a challenge, not a session.
 */
export async function passwordSignIn(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; ip: string | null; requestHeaders: Headers },
): Promise<PasswordSignIn> {
  const attempt = await reserveAccountAttempt(db, 'sign-in', input.email, input.ip)
  if (!attempt.allowed) return { kind: 'throttled' }
  const { reservation } = attempt
  await slowDown('sign-in', attempt.accountFailures)
  try {
    const { headers: responseHeaders, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: input.requestHeaders,
      returnHeaders: true,
    })
    await forgiveAttempt(db, reservation)
    const challenge = response as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] }
    if (challenge.twoFactorRedirect)
      return { kind: 'second-factor', methods: challenge.twoFactorMethods ?? [], responseHeaders }
    const userId = (response as { user: { id: string } }).user.id
    await recordSignIn(db, userId, { method: 'password' })
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
    return { kind: 'signed-in', role: row?.role ?? '', responseHeaders }
  } catch (error) {
    if (isAPIError(error)) return { kind: 'invalid' }
    throw error
  }
}

/**
 * The cookies a better-auth response set, as a Cookie header for a follow-up call: the last value of each name
 * (a response may set a session cookie, then expire it), expired (empty) ones left out.
 */
export function cookieHeaderOf(responseHeaders: Headers): string {
  const jar = new Map<string, string>()
  for (const cookie of responseHeaders.getSetCookie()) {
    const pair = cookie.split(';')[0]!
    const name = pair.slice(0, pair.indexOf('='))
    jar.set(name, pair)
  }
  return [...jar.values()].filter((pair) => !pair.endsWith('=')).join('; ')
}
