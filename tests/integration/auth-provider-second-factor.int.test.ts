import type http from 'node:http'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { createAuth, type Auth } from '@/lib/auth/auth'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'
import { configuredProviders } from '@/lib/auth/identity-providers'
import { freeLoopbackPort } from '@/lib/http/free-port'
import { cookieHeaderOf } from '@/lib/auth/password-sign-in'
import { verifySecondFactor } from '@/lib/auth/second-factor'
import { SIGNED_IN_ACTION } from '@/lib/auth/sign-in-audit'
import { auditLog, authAttempts, organisations, rateLimits, sessions } from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { issuerFor, OIDC_CLIENT_SECRET, OIDC_IDENTITIES, startOidcServer } from '../../e2e/oidc-server'
import { TEST_BASE_URL, TEST_SECRET, useOutbox, useTestUsers, waitForMail } from './auth-kit'
import { useTestDb } from './db'

// A real OpenID Connect server (oidc-provider, e2e/oidc-server.ts) plays Google; the browser's part is played by
// fetch with a cookie jar. A user who must give a second factor gets /double-auth after the provider, never a session.
const db = useTestDb()
const newUser = useTestUsers(db)
const outbox = useOutbox()
const IP = '198.51.100.77'
const [, , admin, counsellor] = OIDC_IDENTITIES.google
let server: http.Server
let auth: Auth

beforeAll(async () => {
  const port = await freeLoopbackPort()
  server = await startOidcServer(port, TEST_BASE_URL)
  const origin = `http://127.0.0.1:${port}`
  const providers = configuredProviders({
    GOOGLE_CLIENT_ID: 'passerelle-google',
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_ISSUER: issuerFor(origin, 'google'),
  })
  auth = createAuth({ db, baseURL: TEST_BASE_URL, secret: TEST_SECRET, nextjs: false, providers })
})

afterAll(async () => {
  server?.close()
  await db.update(organisations).set({ twoFactorRequired: false }).where(eq(organisations.id, demoIds.orgLyon))
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'second-factor:%'))
  await db.delete(rateLimits).where(like(rateLimits.key, `%${IP}%`))
})

/** Cookies per origin, as a browser keeps them (path and expiry left aside: enough for one sign-in). */
class Jar {
  private cookies = new Map<string, string>()
  take(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const pair = c.split(';')[0]!
      const name = pair.slice(0, pair.indexOf('='))
      if (pair.endsWith('=')) this.cookies.delete(name)
      else this.cookies.set(name, pair)
    }
  }
  header() {
    return [...this.cookies.values()].join('; ')
  }
}

/**
 * Clicks "Se connecter avec Google", picks `sub` on the provider's page, and returns the app's answer to the
 * callback (what the browser would get) with the app's cookie jar.
 */
async function signInWithGoogle(
  sub: string,
  callbackPath = '/v2/offers/dashboard/social',
): Promise<{ response: Response; app: Jar }> {
  const app = new Jar()
  const provider = new Jar()
  const start = await auth.api.signInSocial({
    body: {
      provider: 'google',
      callbackURL: `${TEST_BASE_URL}${callbackPath}`,
      errorCallbackURL: `${TEST_BASE_URL}/v2/login`,
      disableRedirect: true,
    },
    headers: new Headers({ 'x-forwarded-for': IP }),
    returnHeaders: true,
  })
  app.take(start.headers)
  let url = new URL(start.response.url!)
  // The provider: authorize → its sign-in page → the identity picked → back to authorize → redirect to the app.
  for (let hop = 0; hop < 10 && !url.href.startsWith(TEST_BASE_URL); hop++) {
    const interaction = /\/interaction\/([^/]+)$/.exec(url.pathname)
    const answer = interaction
      ? await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: provider.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ uid: interaction[1]!, sub }),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: provider.header() } })
    provider.take(answer.headers)
    expect([302, 303]).toContain(answer.status)
    url = new URL(answer.headers.get('location')!, url)
  }
  expect(url.pathname).toBe('/api/auth/callback/google')
  const response = await handleAuthRequest(
    auth,
    db,
    new Request(url, { headers: { cookie: app.header(), 'x-forwarded-for': IP } }),
  )
  app.take(response.headers)
  return { response, app }
}

const sessionsOf = (userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId))

describe('second factor after an identity provider', () => {
  it('an administrator (settings.*) lands on /double-auth without a session, and gets in only with the emailed code', async () => {
    const user = await newUser({
      email: admin.email,
      role: 'admin',
      password: undefined,
      identities: [{ providerId: 'google', accountId: admin.sub }],
    })
    const since = Date.now()
    const { response, app } = await signInWithGoogle(admin.sub)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(`${TEST_BASE_URL}/double-auth`)
    expect(location.searchParams.get('method')).toBe('email')
    expect(location.searchParams.get('sent')).toBe('1')
    expect(location.searchParams.get('callbackURL')).toBe('/v2/offers/dashboard/social')
    // No session anywhere: neither in the database nor behind the cookies the browser now holds.
    expect(await sessionsOf(user.id)).toEqual([])
    const browser = new Headers({ cookie: app.header(), 'x-forwarded-for': IP })
    expect(await activeSession(auth, db, browser)).toBeNull()
    expect(app.header()).toContain('passerelle.two_factor=')

    const mail = await waitForMail(outbox, admin.email, /code de connexion à Passerelle\s:\s\d{6}/)
    const code = /code de connexion à Passerelle\s:\s(\d{6})/.exec(mail)![1]!
    expect(Date.now() - since).toBeLessThan(15_000)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(
      await verifySecondFactor(auth, db, { method: 'email', code: wrong, ip: IP, requestHeaders: browser }),
    ).toEqual({ ok: false, reason: 'codeInvalid' })
    expect(await sessionsOf(user.id)).toEqual([])
    const result = await verifySecondFactor(auth, db, { method: 'email', code, ip: IP, requestHeaders: browser })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const signedIn = await activeSession(auth, db, new Headers({ cookie: cookieHeaderOf(result.responseHeaders) }))
    expect(signedIn?.user.id).toBe(user.id)
    // The session remembers the provider (its end-session logout), and the sign-in is audited for the user list.
    const [row] = await sessionsOf(user.id)
    expect(row!.signInProvider).toBe('google')
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, SIGNED_IN_ACTION)))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.details).toEqual({ method: 'second-factor', provider: 'google' })
  })

  it('a counsellor gets a session at once; once the organisation requires a second factor, the same sign-in waits for it', async () => {
    const user = await newUser({
      email: counsellor.email,
      organisationId: demoIds.orgLyon,
      password: undefined,
      identities: [{ providerId: 'google', accountId: counsellor.sub }],
    })
    const direct = await signInWithGoogle(counsellor.sub, '/v2/candidates/dashboard')
    expect(direct.response.headers.get('location')).toBe(`${TEST_BASE_URL}/v2/candidates/dashboard`)
    const session = await activeSession(auth, db, new Headers({ cookie: direct.app.header() }))
    expect(session?.user.id).toBe(user.id)
    expect(session?.session.signInProvider).toBe('google')

    await db.update(organisations).set({ twoFactorRequired: true }).where(eq(organisations.id, demoIds.orgLyon))
    await db.delete(sessions).where(eq(sessions.userId, user.id))
    const held = await signInWithGoogle(counsellor.sub, '/v2/candidates/dashboard')
    expect(new URL(held.response.headers.get('location')!).pathname).toBe('/double-auth')
    expect(await sessionsOf(user.id)).toEqual([])
    expect(await activeSession(auth, db, new Headers({ cookie: held.app.header() }))).toBeNull()
  })

  // The return address (a partner's emailed link) survives the provider and the second factor; a hostile
  // one (a same-origin URL whose path reads as "//host") is dropped, never passed on to /double-auth.
  it('keeps a deep link to a prescription through the provider to /double-auth, and drops a hostile return address', async () => {
    const deepLink =
      '/offer/social/30000000-0000-4000-8000-000000000001?socialApplyId=40000000-0000-4000-8000-000000000001'
    const kept = new URL((await signInWithGoogle(admin.sub, deepLink)).response.headers.get('location')!)
    expect(kept.pathname).toBe('/double-auth')
    expect(kept.searchParams.get('callbackURL')).toBe(deepLink)
    for (const hostile of ['/.//evil.example/phish', '/a/..//evil.example']) {
      const dropped = new URL((await signInWithGoogle(admin.sub, hostile)).response.headers.get('location')!)
      expect(dropped.origin).toBe(TEST_BASE_URL)
      expect(dropped.pathname).toBe('/double-auth')
      expect(dropped.searchParams.get('callbackURL')).toBeNull()
    }
  })
})
