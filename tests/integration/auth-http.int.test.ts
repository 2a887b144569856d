import { eq, like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { handleAuthRequest } from '@/lib/auth/http-endpoints'
import { accountBucket } from '@/lib/auth/throttle'
import { authAttempts, rateLimits } from '@/lib/db/schema'
import { useTestDb } from './db'
import { TEST_BASE_URL, testAuth, useTestUsers } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const request = (path: string, init: RequestInit = {}) =>
  handleAuthRequest(
    auth,
    db,
    new Request(`${TEST_BASE_URL}/api/auth${path}`, {
      ...init,
      headers: { 'x-forwarded-for': '192.0.2.250', ...init.headers },
    }),
  )

afterAll(async () => {
  await db.delete(rateLimits).where(like(rateLimits.key, '%192.0.2.250%'))
})

describe('better-auth over HTTP', () => {
  it('the JSON email sign-in goes through the throttled path: 401, 200 with the session cookie, 403 from another origin', async () => {
    const user = await newUser()
    const post = (body: object, origin = TEST_BASE_URL) =>
      request('/sign-in/email', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', origin },
      })
    expect((await post({ email: user.email, password: 'Mauvais-Mot-2026!' })).status).toBe(401)
    expect(
      await db
        .select()
        .from(authAttempts)
        .where(eq(authAttempts.bucket, accountBucket('sign-in', user.email).key)),
    ).toHaveLength(1)
    const ok = await post({ email: user.email, password: user.password })
    expect(ok.status).toBe(200)
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('passerelle.session_token='))).toBe(true)
    expect((await post({ email: user.email, password: user.password }, 'https://evil.example')).status).toBe(403)
    await db.delete(authAttempts).where(like(authAttempts.bucket, 'sign-in:%'))
  })

  it.each([
    ['GET', '/sign-in/email'],
    ['POST', '/sign-up/email'],
    ['POST', '/request-password-reset'],
    ['POST', '/reset-password'],
    ['GET', '/reset-password/abc?callbackURL=https://evil.example'],
    ['POST', '/two-factor/verify-otp'],
    ['GET', '/get-session'],
    ['POST', '/sign-in/social'],
  ])(
    '%s %s is not reachable: every step but the callbacks goes through the throttled server actions',
    async (method, path) => {
      const response = await request(path, {
        method,
        body: method === 'POST' ? '{}' : undefined,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(404)
    },
  )

  it('a callback without state goes back to the login page with its error code, and is counted in PostgreSQL', async () => {
    const response = await request('/callback/proconnect?code=abc')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${TEST_BASE_URL}/v2/login?error=state_not_found`)
    const rows = await db.select().from(rateLimits).where(like(rateLimits.key, '%192.0.2.250%'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.count).toBeGreaterThanOrEqual(1)
  })
})
