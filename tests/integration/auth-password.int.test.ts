import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { passwordSignIn } from '@/lib/auth/password-sign-in'
import { requestPasswordResetEvenly } from '@/lib/auth/password-reset'
import { provisionUser } from '@/lib/auth/provision-user'
import { resetTokenIsUsable } from '@/lib/auth/reset-token'
import { accountBucket, ipBucket, LIMITS, pairBucket } from '@/lib/auth/throttle'
import { authAttempts, outboundMails, verifications } from '@/lib/db/schema'
import { useTestDb } from './db'
import { signedInHeaders, testAuth, useOutbox, useTestUsers, waitForMail } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const outbox = useOutbox()
const RULE =
  'Le mot de passe doit contenir au moins 12 caractères, dont 1 minuscule, 1 majuscule, 1 chiffre et 1 caractère spécial.'
const COMMON = 'Ce mot de passe fait partie des plus courants\u00a0: choisissez-en un autre.'

const buckets: string[] = []
afterAll(async () => {
  if (buckets.length) await db.delete(authAttempts).where(inArray(authAttempts.bucket, buckets))
})

async function resetTokenFor(email: string): Promise<string> {
  const before = new Set(fs.readdirSync(outbox))
  await auth.api.requestPasswordReset({ body: { email } })
  const deadline = Date.now() + 5000
  for (;;) {
    const fresh = fs.readdirSync(outbox).filter((f) => !before.has(f))
    if (fresh.length) break
    if (Date.now() > deadline) throw new Error('no reset mail')
    await new Promise((r) => setTimeout(r, 50))
  }
  const mail = await waitForMail(outbox, email, /new-password\?token=/)
  return decodeURIComponent(/new-password\?token=([^\s]+)/.exec(mail)![1]!)
}

const stillSignsInWith = async (email: string, password: string) =>
  (await passwordSignIn(auth, db, { email, password, ip: '203.0.113.77', requestHeaders: new Headers() })).kind ===
  'signed-in'

describe('reset request', () => {
  it('answers the same, after the same time, for a known and an unknown address; only the known one gets a mail', async () => {
    const user = await newUser()
    const ip = '203.0.113.90'
    buckets.push(
      ipBucket('reset-request', ip)!.key,
      accountBucket('reset-request', user.email).key,
      accountBucket('reset-request', 'inconnu@passerelle.test').key,
    )
    const time = async (email: string) => {
      const started = performance.now()
      const outcome = await requestPasswordResetEvenly(auth, db, { email, ip, requestHeaders: new Headers() })
      return { outcome, ms: performance.now() - started }
    }
    const known = await time(user.email)
    const unknown = await time('inconnu@passerelle.test')
    expect(known.outcome).toBe('requested')
    expect(unknown.outcome).toBe('requested')
    expect(known.ms).toBeGreaterThanOrEqual(790)
    expect(unknown.ms).toBeGreaterThanOrEqual(790)
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150)
    await waitForMail(outbox, user.email, /new-password\?token=/)
    expect(
      fs
        .readdirSync(outbox)
        .some((f) => fs.readFileSync(`${outbox}/${f}`, 'utf8').includes('To: inconnu@passerelle.test')),
    ).toBe(false)
  })

  it('stores the token hashed, valid for one hour', async () => {
    const user = await newUser()
    const token = await resetTokenFor(user.email)
    const [clear] = await db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`))
    expect(clear).toBeUndefined()
    const hashed = createHash('sha256').update(`reset-password:${token}`).digest('base64url')
    const [row] = await db.select().from(verifications).where(eq(verifications.identifier, hashed))
    expect((row!.expiresAt.getTime() - Date.now()) / 60_000).toBeGreaterThan(59)
    expect((row!.expiresAt.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(60)
  })

  it('one address asking again and again is refused; the owner, from another address, is answered', async () => {
    const user = await newUser()
    const [attacker, owner] = ['203.0.113.100', '203.0.113.110']
    buckets.push(accountBucket('reset-request', user.email).key)
    for (const ip of [attacker, owner])
      buckets.push(ipBucket('reset-request', ip)!.key, pairBucket('reset-request', user.email, ip)!.key)
    const ask = (ip: string) =>
      requestPasswordResetEvenly(auth, db, { email: user.email, ip, requestHeaders: new Headers() }, 0)
    for (let i = 0; i < LIMITS['reset-request'].pair; i++) expect(await ask(attacker)).toBe('requested')
    expect(await ask(attacker)).toBe('throttled')
    expect(await ask(owner)).toBe('requested')
  })

  it('past the mails an account gets in an hour, a request is answered the same and mails nothing more', async () => {
    const user = await newUser()
    const bucket = accountBucket('reset-request', user.email)
    buckets.push(bucket.key)
    await db
      .insert(authAttempts)
      .values(Array.from({ length: LIMITS['reset-request'].account }, () => ({ bucket: bucket.key })))
    const ip = '203.0.113.120'
    buckets.push(ipBucket('reset-request', ip)!.key, pairBucket('reset-request', user.email, ip)!.key)
    expect(
      await requestPasswordResetEvenly(auth, db, { email: user.email, ip, requestHeaders: new Headers() }, 0),
    ).toBe('requested')
    await new Promise((r) => setTimeout(r, 300))
    const mails = await db
      .select({ id: outboundMails.id })
      .from(outboundMails)
      .where(and(eq(outboundMails.toAddress, user.email), eq(outboundMails.kind, 'reset-password')))
    expect(mails).toEqual([])
  })
})

describe('bad reset tokens change nothing', () => {
  it('an expired token is refused, and the password and sessions stay', async () => {
    const user = await newUser()
    const session = await signedInHeaders(auth, user.email, user.password)
    const token = await resetTokenFor(user.email)
    const hashed = createHash('sha256').update(`reset-password:${token}`).digest('base64url')
    await db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, hashed))
    expect(await resetTokenIsUsable(auth, token)).toBe(false)
    await expect(auth.api.resetPassword({ body: { token, newPassword: 'Tout-Nouveau-2026!' } })).rejects.toMatchObject({
      body: { code: 'INVALID_TOKEN' },
    })
    expect(await stillSignsInWith(user.email, user.password)).toBe(true)
    expect(await activeSession(auth, db, session)).not.toBeNull()
  })

  it('a reused token is refused', async () => {
    const user = await newUser()
    const token = await resetTokenFor(user.email)
    expect(await resetTokenIsUsable(auth, token)).toBe(true)
    await auth.api.resetPassword({ body: { token, newPassword: 'Premier-Choix-2026!' } })
    expect(await resetTokenIsUsable(auth, token)).toBe(false)
    await expect(auth.api.resetPassword({ body: { token, newPassword: 'Second-Choix-2026!' } })).rejects.toMatchObject({
      body: { code: 'INVALID_TOKEN' },
    })
    expect(await stillSignsInWith(user.email, 'Premier-Choix-2026!')).toBe(true)
  })

  it('a forged or truncated token is refused', async () => {
    const user = await newUser()
    const token = await resetTokenFor(user.email)
    for (const forged of ['AAAAAAAAAAAAAAAAAAAAAAAA', token.slice(0, -1), `${token}x`]) {
      expect(await resetTokenIsUsable(auth, forged)).toBe(false)
      await expect(
        auth.api.resetPassword({ body: { token: forged, newPassword: 'Faux-Jeton-2026!' } }),
      ).rejects.toMatchObject({ body: { code: 'INVALID_TOKEN' } })
    }
    expect(await stillSignsInWith(user.email, user.password)).toBe(true)
  })
})

describe('the password rule holds on the server, whoever calls', () => {
  it.each([
    ['too short', 'Abcdef12!', RULE],
    ['no lowercase', 'ABCDEFGH12!X', RULE],
    ['no uppercase', 'abcdefgh12!x', RULE],
    ['no digit', 'Abcdefghij!x', RULE],
    ['no special character', 'Abcdefgh12xy', RULE],
    ['a common password', 'Azertyuiop123!', COMMON],
  ])(
    'a reset to a password with %s is refused with its French message, the token still usable',
    async (_what, password, message) => {
      const user = await newUser()
      const token = await resetTokenFor(user.email)
      await expect(auth.api.resetPassword({ body: { token, newPassword: password } })).rejects.toMatchObject({
        body: { code: 'PASSWORD_RULE', message },
      })
      expect(await resetTokenIsUsable(auth, token)).toBe(true)
    },
  )

  it('accepts 128 characters, kept whole (no truncation), and refuses 129', async () => {
    const user = await newUser()
    const long = `Aa1!${'é'.repeat(60)}${'x'.repeat(64)}`
    expect(long).toHaveLength(128)
    const token = await resetTokenFor(user.email)
    await auth.api.resetPassword({ body: { token, newPassword: long } })
    expect(await stillSignsInWith(user.email, long)).toBe(true)
    expect(await stillSignsInWith(user.email, long.slice(0, 127))).toBe(false)
    const again = await resetTokenFor(user.email)
    await expect(auth.api.resetPassword({ body: { token: again, newPassword: `${long}y` } })).rejects.toMatchObject({
      body: { code: 'PASSWORD_RULE' },
    })
  })

  it('a password change to a weak password is refused, the current one kept', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    await expect(
      auth.api.changePassword({
        body: { currentPassword: user.password, newPassword: 'motdepasse', revokeOtherSessions: true },
        headers,
      }),
    ).rejects.toMatchObject({
      body: { code: 'PASSWORD_RULE', message: RULE },
    })
    expect(await stillSignsInWith(user.email, user.password)).toBe(true)
  })

  it('account creation checks the rule too', async () => {
    const result = await provisionUser(db, {
      email: `it-${crypto.randomUUID()}@passerelle.test`,
      firstName: 'A',
      lastName: 'B',
      role: 'counsellor',
      password: 'Password1234!',
    })
    expect(result).toEqual({ ok: false, error: COMMON })
  })
})
