import type http from 'node:http'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { createAuth, type Auth } from '@/lib/auth/auth'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'
import { freeLoopbackPort } from '@/lib/http/free-port'
import { ACCOUNT_PATH, LINK_AUDIT_ACTION, mayStartIdentityLink, startIdentityLink } from '@/lib/auth/identity-links'
import { configuredProviders } from '@/lib/auth/identity-providers'
import { identityLinkErrorKey } from '@/lib/auth/oauth-errors'
import { removeOwnIdentity } from '@/lib/auth/own-identities'
import { accounts, auditLog, rateLimits, sessions, verifications } from '@/lib/db/schema'
import messages from '@/messages/fr.json'
import { ENTRA_TENANT, issuerFor, OIDC_CLIENT_SECRET, OIDC_IDENTITIES, startOidcServer } from '../../e2e/oidc-server'
import { signedInHeaders, TEST_BASE_URL, TEST_SECRET, useTestUsers } from './auth-kit'
import { useTestDb } from './db'

// A user links their own identity-provider login from their account page, never anyone else's. A real OpenID Connect
// server (e2e/oidc-server.ts) plays Microsoft, whose email is never verified; fetch with cookie jars plays the browser.
const db = useTestDb()
const newUser = useTestUsers(db)
const IP = '198.51.100.91'
const entra = OIDC_IDENTITIES.microsoft
const [, , , linkable, taken] = entra
const subjectOf = (person: { oid: string }) => `${ENTRA_TENANT}:${person.oid}`
const OFFERED = ['microsoft', 'google'] as const
let server: http.Server
let auth: Auth

beforeAll(async () => {
  const port = await freeLoopbackPort()
  server = await startOidcServer(port, TEST_BASE_URL)
  const providers = configuredProviders({
    GOOGLE_CLIENT_ID: 'passerelle-google',
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_ISSUER: issuerFor(`http://127.0.0.1:${port}`, 'google'),
    MICROSOFT_CLIENT_ID: 'passerelle-microsoft',
    MICROSOFT_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    MICROSOFT_TENANT_ID: ENTRA_TENANT,
    MICROSOFT_AUTHORITY: `${new URL(issuerFor(`http://127.0.0.1:${port}`, 'microsoft')).origin}/microsoft`,
  })
  auth = createAuth({ db, baseURL: TEST_BASE_URL, secret: TEST_SECRET, nextjs: false, providers })
})

afterAll(async () => {
  server?.close()
  await db.delete(rateLimits).where(like(rateLimits.key, `%${IP}%`))
  await db.delete(verifications).where(like(verifications.identifier, 'identity-link:%'))
})

/** Cookies per origin, as a browser keeps them (enough for one round trip). */
class Jar {
  private cookies = new Map<string, string>()
  constructor(cookieHeader = '') {
    for (const pair of cookieHeader.split('; ').filter(Boolean)) this.cookies.set(pair.split('=')[0]!, pair)
  }
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

/** On the provider's page: picks `sub`, and returns the callback URL the provider sends the browser back to. */
async function atProvider(authorizationUrl: string, sub: string, providerId = 'microsoft'): Promise<URL> {
  const provider = new Jar()
  let url = new URL(authorizationUrl)
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
  expect(url.pathname).toBe(`/api/auth/callback/${providerId}`)
  return url
}

async function callback(url: URL, app: Jar): Promise<URL> {
  const response = await handleAuthRequest(
    auth,
    db,
    new Request(url, { headers: { cookie: app.header(), 'x-forwarded-for': IP } }),
  )
  expect(response.status).toBe(302)
  app.take(response.headers)
  return new URL(response.headers.get('location')!)
}

/** A user signed in by password: their browser's cookies and their session's id. */
async function signedIn(user: { email: string; password: string }) {
  const headers = await signedInHeaders(auth, user.email, user.password, IP)
  const session = await activeSession(auth, db, headers)
  return { app: new Jar(headers.get('cookie')!), sessionId: session!.session.id, headers }
}

/** "Associer mon compte Microsoft" on the account page, then `sub` picked at Microsoft: where the browser lands. */
async function linkMicrosoft(user: { id: string; email: string; password: string }, sub: string) {
  const browser = await signedIn(user)
  const started = await startIdentityLink(auth, db, {
    userId: user.id,
    sessionId: browser.sessionId,
    providerId: 'microsoft',
    offered: OFFERED,
    returnURL: `${TEST_BASE_URL}${ACCOUNT_PATH}`,
    requestHeaders: browser.headers,
  })
  if (!started.ok) throw new Error(started.reason)
  browser.app.take(started.responseHeaders)
  return callback(await atProvider(started.url, sub), browser.app)
}

const identitiesOf = (userId: string) =>
  db
    .select({ id: accounts.id, providerId: accounts.providerId, accountId: accounts.accountId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'microsoft')))
const linkAudits = (userId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, LINK_AUDIT_ACTION)))

describe('a user links their own identity-provider login', () => {
  it('links Microsoft (an address that is neither theirs nor verified) to the signed-in user, audited; they then sign in with it', async () => {
    const user = await newUser()
    const landed = await linkMicrosoft(user, linkable!.sub)
    expect(`${landed.origin}${landed.pathname}`).toBe(`${TEST_BASE_URL}${ACCOUNT_PATH}`)
    expect(landed.searchParams.get('linked')).toBe('microsoft')
    const [identity] = await identitiesOf(user.id)
    expect(identity).toMatchObject({ accountId: subjectOf(linkable!) })
    const audits = await linkAudits(user.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      actorId: user.id,
      details: { providerId: 'microsoft', accountRowId: identity!.id, via: 'account' },
    })
    // The link's state is spent.
    expect(await db.select().from(verifications).where(like(verifications.identifier, 'identity-link:%'))).toEqual([])

    // Signed out, they sign in with that Microsoft login.
    const app = new Jar()
    const start = await auth.api.signInSocial({
      body: {
        provider: 'microsoft',
        callbackURL: `${TEST_BASE_URL}/v2/candidates/dashboard`,
        errorCallbackURL: `${TEST_BASE_URL}/v2/login`,
        disableRedirect: true,
      },
      headers: new Headers({ 'x-forwarded-for': IP }),
      returnHeaders: true,
    })
    app.take(start.headers)
    const home = await callback(await atProvider(start.response.url!, linkable!.sub), app)
    expect(home.pathname).toBe('/v2/candidates/dashboard')
    const session = await activeSession(auth, db, new Headers({ cookie: app.header() }))
    expect(session?.user.id).toBe(user.id)
    expect(session?.session.signInProvider).toBe('microsoft')
    await db.delete(accounts).where(eq(accounts.id, identity!.id))
  })

  it('refuses an identity another user holds, in French, and it stays theirs', async () => {
    const holder = await newUser({ identities: [{ providerId: 'microsoft', accountId: subjectOf(taken!) }] })
    const user = await newUser()
    const landed = await linkMicrosoft(user, taken!.sub)
    expect(landed.pathname).toBe(ACCOUNT_PATH)
    const code = landed.searchParams.get('error')!
    expect(code).toBe('account_already_linked_to_different_user')
    expect(messages.auth[identityLinkErrorKey(code)]).toBe(
      'Cette identité est déjà associée à un autre compte Passerelle\u00a0: elle n’a pas été associée au vôtre.',
    )
    expect(await identitiesOf(user.id)).toEqual([])
    expect(await identitiesOf(holder.id)).toMatchObject([{ accountId: subjectOf(taken!) }])
    expect(await linkAudits(user.id)).toEqual([])
  })

  it('starts only from the user’s own session, opened less than 10 minutes ago, for a provider offered and not yet linked', async () => {
    const victim = await newUser()
    const attacker = await newUser({ role: 'admin' })
    const theirs = await signedIn(victim)
    // The attacker's session (here: one opened by password, the second factor set aside) names the victim: refused.
    const [attackerSession] = await db
      .insert(sessions)
      .values({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId: attacker.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: sessions.id })
    const asVictim = { userId: victim.id, providerId: 'microsoft', offered: OFFERED }
    expect(await mayStartIdentityLink(db, { ...asVictim, sessionId: attackerSession!.id })).toEqual({
      ok: false,
      reason: 'not-fresh',
    })
    const refused = await startIdentityLink(auth, db, {
      ...asVictim,
      providerId: 'microsoft',
      sessionId: attackerSession!.id,
      returnURL: `${TEST_BASE_URL}${ACCOUNT_PATH}`,
      requestHeaders: theirs.headers,
    })
    expect(refused).toEqual({ ok: false, reason: 'not-fresh' })
    const started = await db
      .select()
      .from(verifications)
      .where(and(like(verifications.identifier, 'identity-link:%'), like(verifications.value, `%${victim.id}%`)))
    expect(started).toEqual([])

    expect(await mayStartIdentityLink(db, { ...asVictim, sessionId: theirs.sessionId })).toEqual({ ok: true })
    expect(
      await mayStartIdentityLink(db, { ...asVictim, providerId: 'proconnect', sessionId: theirs.sessionId }),
    ).toEqual({
      ok: false,
      reason: 'unknown-provider',
    })
    // Eleven minutes later, the same session may not.
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.id, theirs.sessionId))
    expect(await mayStartIdentityLink(db, { ...asVictim, sessionId: theirs.sessionId })).toEqual({
      ok: false,
      reason: 'not-fresh',
    })
    // A user who already has a Microsoft login removes it before linking another.
    const linked = await newUser({ identities: [{ providerId: 'microsoft', accountId: `${ENTRA_TENANT}:autre` }] })
    const own = await signedIn(linked)
    expect(await mayStartIdentityLink(db, { ...asVictim, userId: linked.id, sessionId: own.sessionId })).toEqual({
      ok: false,
      reason: 'already-has-provider',
    })
  })

  it('while a link is under way, a sign-in whose unverified email is that user’s still links nobody', async () => {
    // An account whose address is the one this Microsoft login claims.
    const user = await newUser({ email: linkable!.email })
    const browser = await signedIn(user)
    const started = await startIdentityLink(auth, db, {
      userId: user.id,
      sessionId: browser.sessionId,
      providerId: 'microsoft',
      offered: OFFERED,
      returnURL: `${TEST_BASE_URL}${ACCOUNT_PATH}`,
      requestHeaders: browser.headers,
    })
    expect(started.ok).toBe(true)
    // Someone else, in another browser, signs in with that login: the provider is not trusted for their callback.
    const app = new Jar()
    const start = await auth.api.signInSocial({
      body: {
        provider: 'microsoft',
        callbackURL: `${TEST_BASE_URL}/v2/candidates/dashboard`,
        errorCallbackURL: `${TEST_BASE_URL}/v2/login`,
        disableRedirect: true,
      },
      headers: new Headers({ 'x-forwarded-for': IP }),
      returnHeaders: true,
    })
    app.take(start.headers)
    const refused = await callback(await atProvider(start.response.url!, linkable!.sub), app)
    expect(refused.pathname).toBe('/v2/login')
    expect(refused.searchParams.get('error')).toBe('account_not_linked')
    expect(await identitiesOf(user.id)).toEqual([])
    expect(await activeSession(auth, db, new Headers({ cookie: app.header() }))).toBeNull()
  })
})

describe('an identity linked at first sign-in by the email its provider verified', () => {
  it('is audited too, as linked at sign-in', async () => {
    const google = OIDC_IDENTITIES.google[0]
    const user = await newUser({ email: google.email })
    const app = new Jar()
    const start = await auth.api.signInSocial({
      body: {
        provider: 'google',
        callbackURL: `${TEST_BASE_URL}/v2/candidates/dashboard`,
        errorCallbackURL: `${TEST_BASE_URL}/v2/login`,
        disableRedirect: true,
      },
      headers: new Headers({ 'x-forwarded-for': IP }),
      returnHeaders: true,
    })
    app.take(start.headers)
    const home = await callback(await atProvider(start.response.url!, google.sub, 'google'), app)
    expect(home.pathname).toBe('/v2/candidates/dashboard')
    const [identity] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'google')))
    expect(await linkAudits(user.id)).toMatchObject([
      { actorId: user.id, details: { providerId: 'google', accountRowId: identity!.id, via: 'sign-in' } },
    ])
  })
})

describe('a user removes their own identity', () => {
  it('removes their own, audited, ending their other sessions opened through it; not another user’s; never the last way in', async () => {
    const user = await newUser({ identities: [{ providerId: 'microsoft', accountId: `${ENTRA_TENANT}:retrait-1` }] })
    const other = await newUser({ identities: [{ providerId: 'microsoft', accountId: `${ENTRA_TENANT}:retrait-2` }] })
    const onlyWay = await newUser({
      password: undefined,
      identities: [{ providerId: 'microsoft', accountId: `${ENTRA_TENANT}:retrait-3` }],
    })
    const [mine] = await identitiesOf(user.id)
    const [theirs] = await identitiesOf(other.id)
    const [single] = await identitiesOf(onlyWay.id)
    const current = await signedIn(user)
    const [viaMicrosoft] = await db
      .insert(sessions)
      .values({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
        signInProvider: 'microsoft',
      })
      .returning({ id: sessions.id })

    expect(await removeOwnIdentity(db, { userId: user.id, sessionId: current.sessionId }, theirs!.id)).toEqual({
      ok: false,
      reason: 'not-found',
    })
    expect(await identitiesOf(other.id)).toHaveLength(1)
    expect(await removeOwnIdentity(db, { userId: onlyWay.id, sessionId: 'none' }, single!.id)).toEqual({
      ok: false,
      reason: 'last-way',
    })
    expect(await identitiesOf(onlyWay.id)).toHaveLength(1)

    expect(await removeOwnIdentity(db, { userId: user.id, sessionId: current.sessionId }, mine!.id)).toEqual({
      ok: true,
      providerId: 'microsoft',
    })
    expect(await identitiesOf(user.id)).toEqual([])
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => s.id)).toEqual([current.sessionId])
    expect(left.map((s) => s.id)).not.toContain(viaMicrosoft!.id)
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.identity-removed')))
    expect(audit).toMatchObject({ actorId: user.id, details: { providerId: 'microsoft', accountRowId: mine!.id } })
  })
})
