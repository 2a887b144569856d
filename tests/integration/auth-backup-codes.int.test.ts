import { totpCode } from '../support/test-codes'
import { like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { cookieHeaderOf, passwordSignIn } from '@/lib/auth/password-sign-in'
import { verifySecondFactor } from '@/lib/auth/second-factor'
import { authAttempts } from '@/lib/db/schema'
import { useTestDb } from './db'
import { signedInHeaders, testAuth, useTestUsers } from './auth-kit'

// The authenticator app's backup codes (shown once after the set-up, components/auth/backup-codes.tsx): each one
// opens exactly one sign-in at /double-auth.
const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const IP = '203.0.113.201'

afterAll(async () => {
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'second-factor:%'))
  await db.delete(authAttempts).where(like(authAttempts.bucket, 'sign-in:%'))
})

async function passwordStep(email: string, password: string): Promise<Headers> {
  const result = await passwordSignIn(auth, db, { email, password, ip: IP, requestHeaders: new Headers() })
  if (result.kind !== 'second-factor') throw new Error(`expected a second factor, got ${result.kind}`)
  return new Headers({ cookie: cookieHeaderOf(result.responseHeaders), 'x-forwarded-for': IP })
}

const verify = (headers: Headers, code: string) =>
  verifySecondFactor(auth, db, { method: 'backup', code, ip: IP, requestHeaders: headers })

describe('backup codes of the authenticator app', () => {
  it('ten codes are given at set-up; each opens one sign-in, once', async () => {
    const user = await newUser()
    const signedIn = await signedInHeaders(auth, user.email, user.password, IP)
    const setup = (await auth.api.enableTwoFactor({
      body: { method: 'totp', password: user.password },
      headers: signedIn,
    })) as { totpURI: string; backupCodes: string[] }
    expect(setup.backupCodes).toHaveLength(10)
    expect(new Set(setup.backupCodes).size).toBe(10)
    for (const code of setup.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    const secret = new URL(setup.totpURI).searchParams.get('secret')!
    await auth.api.verifyTOTP({ body: { code: totpCode(secret) }, headers: signedIn })

    const [first, second] = setup.backupCodes as [string, string]
    const challenge = await passwordStep(user.email, user.password)
    expect(await verify(challenge, 'ZZZZZ-99999')).toEqual({ ok: false, reason: 'codeInvalid' })
    const opened = await verify(challenge, first)
    expect(opened.ok).toBe(true)
    if (!opened.ok) return
    expect(
      (await activeSession(auth, db, new Headers({ cookie: cookieHeaderOf(opened.responseHeaders) })))?.user.id,
    ).toBe(user.id)

    // The same code at the next sign-in opens nothing; another one does.
    const again = await passwordStep(user.email, user.password)
    expect(await verify(again, first)).toEqual({ ok: false, reason: 'codeInvalid' })
    expect(await activeSession(auth, db, again)).toBeNull()
    expect((await verify(again, second)).ok).toBe(true)
  })

  it('an account without an authenticator app has no backup code to give', async () => {
    const admin = await newUser({ role: 'admin' })
    const challenge = await passwordStep(admin.email, admin.password)
    expect(await verify(challenge, 'AbCdE-12345')).toEqual({ ok: false, reason: 'codeInvalid' })
  })
})
