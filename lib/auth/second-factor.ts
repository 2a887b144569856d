import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import type { Auth } from './auth'
import { hashKey } from './client-ip'
import { pendingSecondFactorUserId } from './second-factor-challenge'
import { accountBucket, forgiveAttempt, ipBucket, reserveAttempt, type Reservation } from './throttle'

export type SecondFactorFailure = 'codeInvalid' | 'codeExpired' | 'codeReused' | 'tooManyCodeAttempts' | 'tooManyAttempts' | 'challengeExpired'
export type SecondFactorResult = { ok: true; role: string; responseHeaders: Headers } | { ok: false; reason: SecondFactorFailure }

const CODE_ERRORS: Record<string, SecondFactorFailure> = {
  INVALID_CODE: 'codeInvalid',
  TOTP_NOT_ENABLED: 'codeInvalid',
  OTP_HAS_EXPIRED: 'codeExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'tooManyCodeAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'tooManyAttempts',
  INVALID_TWO_FACTOR_COOKIE: 'challengeExpired',
}

/** The bucket that remembers an authenticator code once used: it stays valid for its 30-second step and the next. */
export const usedTotpBucket = (userId: string, code: string) => ({ key: `totp-used:${hashKey(`${userId}:${code}`)}`, max: 1 })

/**
 * The second step of a sign-in: the emailed code or the authenticator app's code. Throttled per account and
 * per address before better-auth checks the code (single-use, expiring, 5 tries a code); an app code is
 * refused a second time. On success, better-auth's session cookie is in responseHeaders.
 */
export async function verifySecondFactor(
  auth: Auth,
  db: Db,
  input: { method: 'email' | 'totp'; code: string; ip: string; requestHeaders: Headers },
): Promise<SecondFactorResult> {
  const userId = await pendingSecondFactorUserId(auth, input.requestHeaders)
  if (!userId) return { ok: false, reason: 'challengeExpired' }
  const reservation = await reserveAttempt(db, [accountBucket('second-factor', userId), ipBucket('second-factor', input.ip)])
  if (!reservation.allowed) return { ok: false, reason: 'tooManyAttempts' }
  let replay: Reservation | null = null
  if (input.method === 'totp') {
    replay = await reserveAttempt(db, [usedTotpBucket(userId, input.code)])
    if (!replay.allowed) return { ok: false, reason: 'codeReused' }
  }
  let responseHeaders: Headers
  try {
    const body = { code: input.code }
    ;({ headers: responseHeaders } =
      input.method === 'totp'
        ? await auth.api.verifyTOTP({ body, headers: input.requestHeaders, returnHeaders: true })
        : await auth.api.verifyTwoFactorOTP({ body, headers: input.requestHeaders, returnHeaders: true }))
  } catch (error) {
    if (replay) await forgiveAttempt(db, replay)
    if (error instanceof APIError) return { ok: false, reason: CODE_ERRORS[String(error.body?.code)] ?? 'codeInvalid' }
    throw error
  }
  await forgiveAttempt(db, reservation)
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return { ok: true, role: user?.role ?? '', responseHeaders }
}
