import type { GenericEndpointContext } from 'better-auth'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString } from 'better-auth/crypto'
import { isAPIError } from 'better-auth/api'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { accounts } from '@/lib/db/schema'
import { logError } from '@/lib/log'
import { safeCallbackPath } from './callback-url'
import { takeProviderMfa } from './provider-mfa'
import { providerOfChallenge } from './second-factor-challenge'
import { recordSignIn } from './sign-in-audit'
import { hasConfirmedTotp } from './two-factor-queries'
import { mustGiveSecondFactor } from './two-factor-policy'
import { systemNow } from '@/lib/clock'

/** Matches better-auth's two-factor plugin: its cookie and the verification rows it reads (lib/auth/auth.ts). */
const TWO_FACTOR_COOKIE = 'two_factor'

/**
 * After an identity provider's callback (better-auth's `/callback/:id`): a user who must give a second factor
 * (lib/auth/two-factor-policy.ts) does not keep the session the callback opened, unless the provider says the
 * person gave a second factor there (ProConnect's `amr`/`acr`, lib/auth/provider-mfa.ts). It is deleted, and the browser
 * gets the same pending challenge a password sign-in gets (better-auth's two-factor cookie and verification
 * rows), then goes to /double-auth. Fails closed: if anything goes wrong, the session is deleted and the
 * browser goes back to the login page with an error.
 */
export async function holdProviderSignInForSecondFactor(
  ctx: GenericEndpointContext,
  db: DbOrTx,
  challengeSeconds: number,
): Promise<void> {
  const created = ctx.context.newSession
  if (!created) return
  const providerId = String((ctx.params as { id?: string } | undefined)?.id ?? '')
  const base = String(ctx.context.options.baseURL)
  const loginURL = `${base}/v2/login`
  let destination: string
  try {
    if (await gaveSecondFactorThere(db, providerId, created.user.id)) {
      await recordSignIn(db, created.user.id, { method: 'provider-mfa', provider: providerId })
      return
    }
    if (!(await mustGiveSecondFactor(db, created.user.id))) {
      await recordSignIn(db, created.user.id, { method: 'provider', provider: providerId })
      return
    }
    deleteSessionCookie(ctx, true)
    await ctx.context.internalAdapter.deleteSession(created.session.token)
    ctx.context.setNewSession(null)
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: challengeSeconds })
    const identifier = `2fa-${generateRandomString(20)}`
    const expiresAt = new Date(systemNow().getTime() + challengeSeconds * 1000)
    await ctx.context.internalAdapter.createVerificationValue({ value: created.user.id, identifier, expiresAt })
    await ctx.context.internalAdapter.createVerificationValue({
      value: '0',
      identifier: `2fa-attempts-${identifier}`,
      expiresAt,
    })
    await ctx.context.internalAdapter.createVerificationValue({
      value: providerId,
      identifier: providerOfChallenge(identifier),
      expiresAt,
    })
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes)
    const totp = await hasConfirmedTotp(db, created.user.id)
    const back = returnPath((ctx.context as { returned?: unknown }).returned, base)
    destination = `${base}/double-auth?method=${totp ? 'totp' : 'email'}${back ? `&callbackURL=${encodeURIComponent(back)}` : ''}`
  } catch (error) {
    if (isAPIError(error)) throw error
    logError('auth.provider-second-factor', error)
    deleteSessionCookie(ctx, true)
    await ctx.context.internalAdapter.deleteSession(created.session.token).catch(() => undefined)
    ctx.context.setNewSession(null)
    destination = `${loginURL}?error=second_factor_unavailable`
  }
  throw ctx.redirect(destination)
}

/** Whether this callback's identity (the user's account at this provider) gave a second factor at the provider. */
async function gaveSecondFactorThere(db: DbOrTx, providerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ subject: accounts.accountId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
  return takeProviderMfa(
    providerId,
    rows.map((r) => r.subject),
  )
}

/** The path the callback was about to send the browser to (its own page, never another site), '/' left out. */
function returnPath(returned: unknown, base: string): string | null {
  // The callback's redirect (an APIError "FOUND" carrying its location header).
  const headers = (returned as { headers?: HeadersInit } | null)?.headers
  const location = headers ? new Headers(headers).get('location') : null
  if (!location) return null
  try {
    const url = new URL(location)
    if (url.origin !== new URL(base).origin) return null
    const path = safeCallbackPath(`${url.pathname}${url.search}`)
    return path === '/' ? null : path
  } catch {
    return null
  }
}
