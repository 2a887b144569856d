import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { nextCookies } from 'better-auth/next-js'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { eq } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/db/client'
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { sendQueuedMail } from '@/lib/mail/send-queued-mail'
import { logError } from '@/lib/log'
import { appUrl } from './app-url'
import { resetPasswordMail, secondFactorCodeMail } from './mails'
import { configuredProviders, type ProviderSettings } from './identity-providers'
import { mayStoreIdentity, recordIdentityLinked, trustedForLink } from './identity-links'
import { identityProvidersPlugin } from './oidc-config'
import { acceptablePasswordSchema } from './password-forms'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule'
import { holdProviderSignInForSecondFactor } from './provider-second-factor'
import { enforceSecondFactorPolicy } from './two-factor-policy'
import { systemNow } from '@/lib/clock'

/** Absolute session lifetime: 12 hours, not extended by activity (the idle timeout is lib/auth/active-session.ts). */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60
/** A reset link works once, for one hour. */
export const RESET_TOKEN_SECONDS = 60 * 60
/** An emailed sign-in code works once, for 10 minutes. */
export const EMAIL_CODE_MINUTES = 10
/** Where the OAuth callbacks send their errors (`?error=code`): the login page explains them in French. */
export const LOGIN_PATH = '/v2/login'

export type AuthSettings = {
  db: Db
  /** The app's public URL (BETTER_AUTH_URL). */
  baseURL: string
  secret?: string
  /** False outside Next.js (integration tests): cookies are then only in the returned headers. */
  nextjs?: boolean
  /** The identity providers offered (default: those configured in the environment). */
  providers?: ProviderSettings[]
}

/**
 * Over https, the cookies that carry a sign-in are `__Host-` (the browser keeps them to this host, Secure, Path=/,
 * no Domain: no other subdomain can set or read them). better-auth only knows the `__Secure-` prefix, so its own
 * prefixing is off and Secure comes from the default attributes, for every cookie it sets.
 */
function cookieOptions(https: boolean) {
  const host = (name: string) => ({
    name: `${https ? '__Host-' : ''}passerelle.${name}`,
    attributes: { path: '/', ...(https ? { secure: true } : {}) },
  })
  return {
    cookiePrefix: 'passerelle',
    useSecureCookies: false,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, secure: https },
    cookies: {
      session_token: host('session_token'),
      session_data: host('session_data'),
      dont_remember: host('dont_remember'),
      two_factor: host('two_factor'),
    },
  }
}

export function createAuth({ db, baseURL, secret, nextjs = true, providers = configuredProviders() }: AuthSettings) {
  return betterAuth({
    appName: 'Passerelle',
    baseURL,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    telemetry: { enabled: false },
    // better-auth warns on every wrong password: the throttling records those; keep the server log for errors.
    logger: { level: 'error' },
    emailAndPassword: {
      enabled: true,
      // Accounts are provisioned by an administrator, never self-registered.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a known address must answer as fast as an unknown one. The mail is queued (sealed: it holds the
      // link) and the worker sends it, with retries.
      sendResetPassword: async ({ user, token }) => {
        void queueMail(db, {
          ...resetPasswordMail(user.email, `${baseURL}/new-password?token=${encodeURIComponent(token)}`),
          kind: 'reset-password',
          ...tenantOf(user),
        }).catch((error) => logError('mail.reset-password', error))
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      disableSessionRefresh: true,
      additionalFields: {
        lastActiveAt: { type: 'date', required: false, input: false },
        signInProvider: { type: 'string', required: false, input: false },
      },
    },
    // Reset tokens, codes and OAuth states are stored hashed: a database read gives none of them away.
    verification: { storeIdentifier: 'hashed' },
    // better-auth's own limiter guards its HTTP endpoints (the OAuth callbacks); PostgreSQL holds the counts.
    rateLimit: { enabled: true, storage: 'database', window: 60, max: 60 },
    account: {
      encryptOAuthTokens: true,
      // At sign-in, an identity is linked to a provisioned account only by an email its provider verified (never for
      // Microsoft). From the account page, a signed-in user links their own whatever its email: the provider is then
      // trusted for that link's callback alone (lib/auth/identity-links.ts).
      accountLinking: {
        enabled: true,
        trustedProviders: (request) => trustedForLink(db, request),
        requireLocalEmailVerified: true,
        allowDifferentEmails: true,
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false },
        permissions: { type: 'string[]', required: false, input: false },
        organisationId: { type: 'string', required: false, input: false },
        structureId: { type: 'string', required: false, input: false },
        disabled: { type: 'boolean', required: false, input: false },
      },
    },
    databaseHooks: {
      account: {
        create: {
          before: async (account, ctx) => {
            const stored = await mayStoreIdentity(db, account, callbackState(ctx))
            return stored ? undefined : false
          },
          after: async (account, ctx) => {
            await recordIdentityLinked(db, account, callbackState(ctx))
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session, whatever the way it signs in.
          before: async (session, ctx) => {
            const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, session.userId))
            if (!row || row.disabled) return false
            // An OAuth callback (/callback/:id) names the provider, whose end-session endpoint the logout will use.
            const provider =
              ctx?.path === '/callback/:id'
                ? String((ctx.params as { id?: string } | undefined)?.id ?? '') || null
                : null
            return { data: { ...session, lastActiveAt: systemNow(), signInProvider: provider } }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The password rule holds whoever calls the endpoint, not only our forms.
        if (
          (ctx.path === '/reset-password' || ctx.path === '/change-password') &&
          typeof ctx.body?.newPassword === 'string'
        ) {
          const checked = acceptablePasswordSchema.safeParse(ctx.body.newPassword)
          if (!checked.success)
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_RULE', message: checked.error.issues[0]!.message })
        }
        // Users who must have a second factor get it before their password is even checked.
        if (ctx.path === '/sign-in/email' && typeof ctx.body?.email === 'string')
          await enforceSecondFactorPolicy(db, ctx.body.email)
      }),
      // better-auth's two-factor plugin only holds password sign-ins: an identity provider's callback gets the
      // same pending second factor here, so that nobody who must give one skips it by choosing a provider.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/callback/:id') await holdProviderSignInForSecondFactor(ctx, db, EMAIL_CODE_MINUTES * 60)
      }),
    },
    onAPIError: { errorURL: `${baseURL}${LOGIN_PATH}` },
    advanced: {
      ...cookieOptions(baseURL.startsWith('https://')),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      twoFactor({
        issuer: 'Passerelle',
        allowPasswordless: true,
        twoFactorCookieMaxAge: EMAIL_CODE_MINUTES * 60,
        otpOptions: {
          period: EMAIL_CODE_MINUTES,
          storeOTP: 'hashed',
          allowedAttempts: 5,
          // Queued, then sent at once by the request itself; if the mail server fails now, the queue retries it.
          sendOTP: async ({ user, otp }) => {
            const [mailId] = await queueMail(db, {
              ...secondFactorCodeMail(user.email, otp, EMAIL_CODE_MINUTES),
              kind: 'second-factor-code',
              ...tenantOf(user),
            })
            await sendQueuedMail(db, mailId!).catch((error) => logError('mail.second-factor-code', error))
          },
        },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      ...(providers.length ? [identityProvidersPlugin(providers)] : []),
      ...(nextjs ? [nextCookies()] : []),
    ],
  })
}

/** The `state` of an OAuth callback (the provider's round trip), else null. */
function callbackState(ctx: { path?: string; query?: unknown } | null | undefined): string | null {
  if (ctx?.path !== '/callback/:id') return null
  const state = (ctx.query as { state?: unknown } | undefined)?.state
  return typeof state === 'string' ? state : null
}

/** The user's tenant, for the administrators' view of failed mail. */
function tenantOf(user: object): { organisationId: string | null; structureId: string | null } {
  const u = user as { organisationId?: string | null; structureId?: string | null }
  return { organisationId: u.organisationId ?? null, structureId: u.structureId ?? null }
}

export type Auth = ReturnType<typeof createAuth>
const cache = globalThis as unknown as { __passerelleAuth?: Auth }

/** Created on first use so that `next build` never needs a database. */
export function getAuth(): Auth {
  cache.__passerelleAuth ??= createAuth({ db: getDb(), baseURL: appUrl(), secret: process.env.BETTER_AUTH_SECRET })
  return cache.__passerelleAuth
}
