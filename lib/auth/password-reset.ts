import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '@/lib/db/client'
import { logError } from '@/lib/log'
import type { Auth } from './auth'
import { LIMITS, reserveAccountAttempt } from './throttle'

/** Every reset request answers after the same delay, known address or not, sent or throttled. */
export const RESET_ANSWER_MS = 800

/**
 * "Mot de passe oublié" : asks better-auth for a single-use, one-hour link (mailed in the background when the
 * address has an account) and answers after RESET_ANSWER_MS whatever happened, so that neither the answer
 * nor its timing tells whether the address has an account. Refused for a client that asked too often (for this
 * address or at all); past LIMITS['reset-request'].account mails of the hour to one address, the answer is the same
 * and nothing more is mailed (the owner has a link of the hour already), so nobody is kept from asking.
 */
export async function requestPasswordResetEvenly(
  auth: Auth,
  db: Db,
  input: { email: string; ip: string | null; requestHeaders: Headers },
  answerAfterMs = RESET_ANSWER_MS,
): Promise<'requested' | 'throttled' | 'failed'> {
  const started = performance.now()
  let outcome: 'requested' | 'throttled' | 'failed' = 'requested'
  try {
    const attempt = await reserveAccountAttempt(db, 'reset-request', input.email, input.ip)
    if (!attempt.allowed) outcome = 'throttled'
    else if (attempt.accountFailures < LIMITS['reset-request'].account)
      await auth.api.requestPasswordReset({ body: { email: input.email }, headers: input.requestHeaders })
  } catch (error) {
    logError('auth.reset-request', error)
    outcome = 'failed'
  }
  await sleep(Math.max(0, answerAfterMs - (performance.now() - started)))
  return outcome
}
