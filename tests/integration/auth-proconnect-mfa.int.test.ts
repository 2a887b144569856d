import type http from 'node:http'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { createAuth, type Auth } from '@/lib/auth/auth'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'
import { configuredProviders } from '@/lib/auth/identity-providers'
import { freeLoopbackPort } from '@/lib/http/free-port'
import { SIGNED_IN_ACTION } from '@/lib/auth/sign-in-audit'
import { accounts, auditLog, rateLimits, sessions } from '@/lib/db/schema'
import { issuerFor, OIDC_CLIENT_SECRET, OIDC_IDENTITIES, startOidcServer } from '../../e2e/oidc-server'
import { TEST_BASE_URL, TEST_SECRET, useOutbox, useTestUsers } from './auth-kit'
import { useTestDb } from './db'

// Real OpenID Connect servers (oidc-provider, e2e/oidc-server.ts) play ProConnect and France Travail; the browser is
// fetch with a cookie jar. ProConnect's amr/acr decide whether the mailed code is asked again; France Travail links
// an account by email only when it says it verified the address.
const db = useTestDb()
const newUser = useTestUsers(db)
useOutbox()
const IP = '198.51.100.78'
const [, , pcAdmin] = OIDC_IDENTITIES.proconnect
const [, ftVerified, ftUnverified] = OIDC_IDENTITIES['france-travail']
let server: http.Server
let auth: Auth

beforeAll(async () => {
  const port = await freeLoopbackPort()
  server = await startOidcServer(port, TEST_BASE_URL)
  const origin = `http://127.0.0.1:${port}`
  const providers = configuredProviders({
    PROCONNECT_CLIENT_ID: 'passerelle-proconnect',
    PROCONNECT_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    PROCONNECT_ISSUER: issuerFor(origin, 'proconnect'),
    PROCONNECT_ACR_VALUES: 'eidas1 eidas2',
    FRANCE_TRAVAIL_CLIENT_ID: 'passerelle-france-travail',
    FRANCE_TRAVAIL_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    FRANCE_TRAVAIL_DISCOVERY_URL: `${issuerFor(origin, 'france-travail')}/.well-known/openid-configuration`,
    FRANCE_TRAVAIL_AUTHORIZATION_URL: `${issuerFor(origin, 'france-travail')}/auth`,
    FRANCE_TRAVAIL_TOKEN_URL: `${issuerFor(origin, 'france-travail')}/token`,
    FRANCE_TRAVAIL_REALM: '/agent',
    FRANCE_TRAVAIL_SCOPES: 'openid email profile',
  })
  auth = createAuth({ db, baseURL: TEST_BASE_URL, secret: TEST_SECRET, nextjs: false, providers })
})

afterAll(async () => {
  server?.close()
  await db.delete(rateLimits).where(like(rateLimits.key, `%${IP}%`))
})

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

/** The login button, the provider's page (identity, and for ProConnect its level and methods), then the callback. */
async function signInWith(
  provider: 'proconnect' | 'france-travail',
  form: Record<string, string>,
): Promise<{ response: Response; app: Jar; authorize: URL }> {
  const app = new Jar()
  const remote = new Jar()
  const start = await auth.api.signInSocial({
    body: {
      provider,
      callbackURL: `${TEST_BASE_URL}/v2/candidates/dashboard`,
      errorCallbackURL: `${TEST_BASE_URL}/v2/login`,
      disableRedirect: true,
    },
    headers: new Headers({ 'x-forwarded-for': IP }),
    returnHeaders: true,
  })
  app.take(start.headers)
  const authorize = new URL(start.response.url!)
  let url = authorize
  for (let hop = 0; hop < 10 && !url.href.startsWith(TEST_BASE_URL); hop++) {
    const interaction = /\/interaction\/([^/]+)$/.exec(url.pathname)
    const answer = interaction
      ? await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: remote.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ uid: interaction[1]!, ...form }),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: remote.header() } })
    remote.take(answer.headers)
    expect([302, 303]).toContain(answer.status)
    url = new URL(answer.headers.get('location')!, url)
  }
  expect(url.pathname).toBe(`/api/auth/callback/${provider}`)
  const response = await handleAuthRequest(
    auth,
    db,
    new Request(url, { headers: { cookie: app.header(), 'x-forwarded-for': IP } }),
  )
  app.take(response.headers)
  return { response, app, authorize }
}

const sessionsOf = (userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId))
const destination = (response: Response) => new URL(response.headers.get('location')!, TEST_BASE_URL).pathname

describe('ProConnect: a second factor given there is not asked again', () => {
  let userId: string
  beforeAll(async () => {
    const admin = await newUser({
      email: pcAdmin.email,
      role: 'admin',
      password: undefined,
      identities: [{ providerId: 'proconnect', accountId: pcAdmin.sub }],
    })
    userId = admin.id
  })

  it('asks ProConnect for the levels that carry a second factor first, and for amr', async () => {
    const { authorize, app } = await signInWith('proconnect', { sub: pcAdmin.sub, acr: 'eidas1', amr: 'pwd' })
    expect(authorize.searchParams.get('acr_values')).toBe('eidas2 eidas1')
    const claims = JSON.parse(authorize.searchParams.get('claims')!)
    expect(claims.id_token.amr).toEqual({ essential: true })
    expect(claims.id_token.acr.values).toEqual(['eidas2', 'eidas1'])
    expect(app.header()).toBeTruthy()
  })

  it('an administrator who gave only a password at ProConnect gets the mailed code; with amr "mfa" or an MFA level, a session at once', async () => {
    const passwordOnly = await signInWith('proconnect', { sub: pcAdmin.sub, acr: 'eidas1', amr: 'pwd' })
    expect(destination(passwordOnly.response)).toBe('/double-auth')
    expect(await sessionsOf(userId)).toEqual([])

    const withMfa = await signInWith('proconnect', { sub: pcAdmin.sub, acr: 'eidas1', amr: 'pwd mfa' })
    expect(destination(withMfa.response)).toBe('/v2/candidates/dashboard')
    const session = await activeSession(auth, db, new Headers({ cookie: withMfa.app.header() }))
    expect(session?.user.id).toBe(userId)
    expect(session?.session.signInProvider).toBe('proconnect')
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, SIGNED_IN_ACTION)))
    expect(audit.at(-1)!.details).toEqual({ method: 'provider-mfa', provider: 'proconnect' })

    await db.delete(sessions).where(eq(sessions.userId, userId))
    const mfaLevel = await signInWith('proconnect', { sub: pcAdmin.sub, acr: 'eidas2', amr: 'pwd' })
    expect(destination(mfaLevel.response)).toBe('/v2/candidates/dashboard')
    expect(await sessionsOf(userId)).toHaveLength(1)
  })
})

describe('France Travail: linked by email only when it verified the address', () => {
  it('an address France Travail did not verify never reaches the account of that address', async () => {
    const user = await newUser({ email: ftUnverified.email, password: undefined })
    const { response } = await signInWith('france-travail', { sub: ftUnverified.sub })
    expect(destination(response)).toBe('/v2/login')
    expect(await sessionsOf(user.id)).toEqual([])
    expect(
      await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'france-travail'))),
    ).toEqual([])
  })

  it('an address France Travail verified links the identity and signs in', async () => {
    const user = await newUser({ email: ftVerified.email, password: undefined })
    const { response, app } = await signInWith('france-travail', { sub: ftVerified.sub })
    expect(destination(response)).toBe('/v2/candidates/dashboard')
    expect((await activeSession(auth, db, new Headers({ cookie: app.header() })))?.user.id).toBe(user.id)
    const [linked] = await db
      .select({ accountId: accounts.accountId })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'france-travail')))
    expect(linked?.accountId).toBe(ftVerified.sub)
  })
})
