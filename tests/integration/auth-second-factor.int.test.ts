import { totpCode as totp } from '../support/test-codes'
import { eq, like, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { cookieHeaderOf, passwordSignIn } from '@/lib/auth/password-sign-in'
import { verifySecondFactor } from '@/lib/auth/second-factor'
import { accountBucket, LIMITS, pairBucket } from '@/lib/auth/throttle'
import { authAttempts, organisations, users, verifications } from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { useTestDb } from './db'
import { signedInHeaders, testAuth, useOutbox, useTestUsers, waitForMail } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const outbox = useOutbox()
const IP = '203.0.113.200'

afterAll(async () => {
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'second-factor:%'))
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'totp-used:%'))
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'sign-in:%'))
})

/** Password step: returns the browser's headers holding better-auth's two-factor cookie. */
async function passwordStep(email: string, password: string): Promise<{ headers: Headers; methods: string[] }> {
  const result = await passwordSignIn(auth, db, { email, password, ip: IP, requestHeaders: new Headers() })
  if (result.kind !== 'second-factor') throw new Error(`expected a second factor, got ${result.kind}`)
  return {
    headers: new Headers({ cookie: cookieHeaderOf(result.responseHeaders), 'x-forwarded-for': IP }),
    methods: result.methods,
  }
}

async function emailCode(email: string, headers: Headers): Promise<string> {
  const since = Date.now()
  await auth.api.sendTwoFactorOTP({ headers })
  const mail = await waitForMail(outbox, email, /code de connexion à Passerelle\s:\s\d{6}/)
  expect(Date.now() - since).toBeLessThan(5000)
  return /code de connexion à Passerelle\s:\s(\d{6})/.exec(mail)![1]!
}

const verify = (headers: Headers, method: 'email' | 'totp', code: string) =>
  verifySecondFactor(auth, db, { method, code, ip: IP, requestHeaders: headers })

describe('who must give a second factor', () => {
  it('a holder of a settings.* permission does; a counsellor does not', async () => {
    const admin = await newUser({ role: 'admin' })
    expect((await passwordStep(admin.email, admin.password)).methods).toEqual(['otp'])
    const referent = await newUser({ role: 'referent' })
    await passwordStep(referent.email, referent.password)
    const counsellor = await newUser()
    expect(
      (
        await passwordSignIn(auth, db, {
          email: counsellor.email,
          password: counsellor.password,
          ip: IP,
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('signed-in')
  })

  it('every user of an organisation that requires it does', async () => {
    const user = await newUser({ organisationId: demoIds.orgLyon })
    await db.update(organisations).set({ twoFactorRequired: true }).where(eq(organisations.id, demoIds.orgLyon))
    try {
      await passwordStep(user.email, user.password)
    } finally {
      await db.update(organisations).set({ twoFactorRequired: false }).where(eq(organisations.id, demoIds.orgLyon))
    }
  })

  it('a wrong password never reaches the second factor', async () => {
    const admin = await newUser({ role: 'admin' })
    expect(
      (
        await passwordSignIn(auth, db, {
          email: admin.email,
          password: 'Mauvais-Mot-2026!',
          ip: IP,
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('invalid')
  })
})

describe('code by email', () => {
  it('the right code opens a session; no session exists before it', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    expect(await activeSession(auth, db, headers)).toBeNull()
    const result = await verify(headers, 'email', await emailCode(admin.email, headers))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(
      (await activeSession(auth, db, new Headers({ cookie: cookieHeaderOf(result.responseHeaders) })))?.user.id,
    ).toBe(admin.id)
  })

  it('a wrong code is refused and the right one still works; a code is stored hashed', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    const code = await emailCode(admin.email, headers)
    expect(
      await db
        .select()
        .from(verifications)
        .where(like(verifications.value, `${code}%`)),
    ).toEqual([])
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await verify(headers, 'email', wrong)).toEqual({ ok: false, reason: 'codeInvalid' })
    expect((await verify(headers, 'email', code)).ok).toBe(true)
  })

  it('a used code, or its challenge, cannot serve again', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    const code = await emailCode(admin.email, headers)
    expect((await verify(headers, 'email', code)).ok).toBe(true)
    expect(await verify(headers, 'email', code)).toEqual({ ok: false, reason: 'challengeExpired' })
    const second = await passwordStep(admin.email, admin.password)
    expect(await verify(second.headers, 'email', code)).toEqual({ ok: false, reason: 'codeExpired' })
  })

  it('an expired code is refused', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    const code = await emailCode(admin.email, headers)
    // Expire the code's row (its value is '<hash>:<tries>'), not the challenge's: the code alone is late.
    await db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where created_at > now() - interval '3 seconds' and value like '%:0'`,
    )
    expect(await verify(headers, 'email', code)).toEqual({ ok: false, reason: 'codeExpired' })
  })

  it('five wrong codes spend the code', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    const code = await emailCode(admin.email, headers)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect(await verify(headers, 'email', wrong)).toEqual({ ok: false, reason: 'codeInvalid' })
    expect(await verify(headers, 'email', code)).toEqual({ ok: false, reason: 'tooManyCodeAttempts' })
  })

  it('code checks are refused for an address that failed 20 times on the account; another address is only slowed', async () => {
    const admin = await newUser({ role: 'admin' })
    const { headers } = await passwordStep(admin.email, admin.password)
    await db.insert(authAttempts).values(
      Array.from({ length: LIMITS['second-factor'].pair }, () => ({
        bucket: pairBucket('second-factor', admin.id, IP)!.key,
      })),
    )
    expect(await verify(headers, 'email', '123456')).toEqual({ ok: false, reason: 'tooManyAttempts' })
    await db
      .insert(authAttempts)
      .values(Array.from({ length: 40 }, () => ({ bucket: accountBucket('second-factor', admin.id).key })))
    const other = await verifySecondFactor(auth, db, {
      method: 'email',
      code: '123456',
      ip: '198.51.100.240',
      requestHeaders: headers,
    })
    expect(other).not.toEqual({ ok: false, reason: 'tooManyAttempts' })
  })
})

describe('authenticator app (TOTP)', () => {
  it('set up while signed in, then asked at sign-in; a code serves once', async () => {
    const user = await newUser()
    const signedIn = await signedInHeaders(auth, user.email, user.password, IP)
    const { totpURI } = (await auth.api.enableTwoFactor({
      body: { method: 'totp', password: user.password },
      headers: signedIn,
    })) as { totpURI: string }
    const secret = new URL(totpURI).searchParams.get('secret')!
    const { headers: confirmed } = await auth.api.verifyTOTP({
      body: { code: totp(secret) },
      headers: signedIn,
      returnHeaders: true,
    })
    expect(confirmed.getSetCookie().some((c) => c.includes('session_token'))).toBe(true)
    const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id))
    expect(row!.enabled).toBe(true)

    // The next 30-second step, so that the set-up code is not the one used to sign in.
    const next = totp(secret, Date.now() + 30_000)
    const first = await passwordStep(user.email, user.password)
    expect(first.methods).toContain('totp')
    expect(await verify(first.headers, 'totp', next === '000000' ? '111111' : '000000')).toEqual({
      ok: false,
      reason: 'codeInvalid',
    })
    const now = totp(secret)
    expect((await verify(first.headers, 'totp', now)).ok).toBe(true)
    const second = await passwordStep(user.email, user.password)
    expect(await verify(second.headers, 'totp', now)).toEqual({ ok: false, reason: 'codeReused' })
  })
})
