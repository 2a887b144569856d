import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { sessions, users } from '@/lib/db/schema'
import type { Auth } from './auth'
import { hashKey } from './client-ip'
import { pendingSecondFactor } from './second-factor-challenge'
import { recordSignIn } from './sign-in-audit'
import { forgiveAttempt, reserveAccountAttempt, reserveAttempt, slowDown, type Reservation } from './throttle'

export type SecondFactorFailure =
  'codeInvalid' | 'codeExpired' | 'codeReused' | 'tooManyCodeAttempts' | 'tooManyAttempts' | 'challengeExpired'
export type SecondFactorResult =
  { ok: true; role: string; responseHeaders: Headers } | { ok: false; reason: SecondFactorFailure }

const CODE_ERRORS: Record<string, SecondFactorFailure> = {
  INVALID_CODE: 'codeInvalid',
  TOTP_NOT_ENABLED: 'codeInvalid',
  OTP_HAS_EXPIRED: 'codeExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'tooManyCodeAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'tooManyAttempts',
  INVALID_TWO_FACTOR_COOKIE: 'challengeExpired',
  INVALID_BACKUP_CODE: 'codeInvalid',
  BACKUP_CODES_NOT_ENABLED: 'codeInvalid',
}

export type SecondFactorMethod = 'email' | 'totp' | 'backup'

/** The bucket that remembers an authenticator code once used: it stays valid for its 30-second step and the next. */
export const usedTotpBucket = (userId: string, code: string) => ({
  key: `totp-used:${hashKey(`${userId}:${code}`)}`,
  max: 1,
})

/**
 * The second step of a sign-in: the emailed code or the authenticator app's code. Throttled per address (on this
 * account and at all) and slowed down per account before better-auth checks the code (single-use, expiring, 5 tries a code); an app code is
 * refused a second time. On success, better-auth's session cookie is in responseHeaders.
 */
export async function verifySecondFactor(
  auth: Auth,
  db: Db,
  input: { method: SecondFactorMethod; code: string; ip: string | null; requestHeaders: Headers },
): Promise<SecondFactorResult> {
  const pending = await pendingSecondFactor(auth, input.requestHeaders)
  if (!pending) return { ok: false, reason: 'challengeExpired' }
  const { userId } = pending
  const attempt = await reserveAccountAttempt(db, 'second-factor', userId, input.ip)
  if (!attempt.allowed) return { ok: false, reason: 'tooManyAttempts' }
  const { reservation } = attempt
  await slowDown('second-factor', attempt.accountFailures)
  let replay: Reservation | null = null
  if (input.method === 'totp') {
    replay = await reserveAttempt(db, [usedTotpBucket(userId, input.code)])
    if (!replay.allowed) return { ok: false, reason: 'codeReused' }
  }
  let responseHeaders: Headers
  let sessionToken: string | undefined
  try {
    const body = { code: input.code }
    const args = { body, headers: input.requestHeaders, returnHeaders: true } as const
    const verified =
      input.method === 'totp'
        ? await auth.api.verifyTOTP(args)
        : input.method === 'backup'
          ? await auth.api.verifyBackupCode(args)
          : await auth.api.verifyTwoFactorOTP(args)
    responseHeaders = verified.headers
    sessionToken = (verified.response as { token?: string } | null)?.token
  } catch (error) {
    if (replay) await forgiveAttempt(db, replay)
    if (error instanceof APIError) return { ok: false, reason: CODE_ERRORS[String(error.body?.code)] ?? 'codeInvalid' }
    throw error
  }
  await forgiveAttempt(db, reservation)
  // A sign-in through an identity provider keeps its provider, whose end-session endpoint the logout uses.
  if (pending.provider && sessionToken)
    await db.update(sessions).set({ signInProvider: pending.provider }).where(eq(sessions.token, sessionToken))
  await recordSignIn(db, userId, {
    method: 'second-factor',
    ...(pending.provider ? { provider: pending.provider } : {}),
  })
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return { ok: true, role: user?.role ?? '', responseHeaders }
}
