import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { cookieHeaderOf } from '@/lib/auth/password-sign-in'
import { disableUser } from '@/lib/auth/revoke'
import { organisations, sessions, users } from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { useTestDb } from './db'
import { signedInHeaders, testAuth, useOutbox, useTestUsers, waitForMail } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const outbox = useOutbox()

/** The same cookie, copied by someone else: revocation must refuse it too. */
const stolen = (headers: Headers) => new Headers({ cookie: headers.get('cookie')! })

describe('database sessions', () => {
  it('a signed-in cookie opens a session stored in PostgreSQL, with a 12-hour absolute lifetime', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    const session = await activeSession(auth, db, headers)
    expect(session?.user.id).toBe(user.id)
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 12 * 60 * 60 * 1000)).toBeLessThan(1000)
  })

  it('cookies are HttpOnly and SameSite=Lax; over https the session cookie is __Host- (Secure, Path=/, no Domain) and read back', async () => {
    const user = await newUser()
    const secureAuth = testAuth(db, 'https://passerelle.example')
    const { headers } = await secureAuth.api.signInEmail({
      body: { email: user.email, password: user.password },
      returnHeaders: true,
    })
    const cookie = headers.getSetCookie().find((c) => c.includes('session_token'))!
    expect(cookie).toMatch(/^__Host-passerelle\.session_token=/)
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/; Path=\/(;|$)/i)
    expect(cookie).not.toMatch(/; Domain=/i)
    // Every cookie better-auth sets over https stays Secure.
    for (const c of headers.getSetCookie()) expect(c).toMatch(/; Secure/i)
    const signedIn = await activeSession(secureAuth, db, new Headers({ cookie: cookieHeaderOf(headers) }))
    expect(signedIn?.user.id).toBe(user.id)
    // The former name is not read.
    const former = cookieHeaderOf(headers).replace('__Host-', '__Secure-')
    expect(await activeSession(secureAuth, db, new Headers({ cookie: former }))).toBeNull()
    const { headers: plain } = await auth.api.signInEmail({
      body: { email: user.email, password: user.password },
      returnHeaders: true,
    })
    expect(plain.getSetCookie().find((c) => c.includes('session_token'))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i,
    )
  })

  it('brings the organisation’s reminder delay as it is at each request, and none to a partner', async () => {
    const [org] = await db
      .insert(organisations)
      .values({ name: `Organisation ${crypto.randomUUID()}`, answerReminderDays: 7 })
      .returning({ id: organisations.id })
    const user = await newUser({ organisationId: org!.id })
    const headers = await signedInHeaders(auth, user.email, user.password)
    try {
      expect((await activeSession(auth, db, headers))?.answerReminderDays).toBe(7)
      // The administrator changes it in the settings: the next request reads the new delay.
      await db.update(organisations).set({ answerReminderDays: 12 }).where(eq(organisations.id, org!.id))
      expect((await activeSession(auth, db, headers))?.answerReminderDays).toBe(12)
    } finally {
      // The user is deleted after this file (useTestUsers); the organisation goes now.
      await db.update(users).set({ organisationId: demoIds.orgSeineMaritime }).where(eq(users.id, user.id))
      await db.delete(organisations).where(eq(organisations.id, org!.id))
    }
    const partner = await newUser({ role: 'fullPartner', organisationId: null, structureId: demoIds.structureMobilite })
    const signedIn = await activeSession(auth, db, await signedInHeaders(auth, partner.email, partner.password))
    expect(signedIn?.user.id).toBe(partner.id)
    expect(signedIn?.answerReminderDays).toBeNull()
  })
})

describe('revocation: a stolen cookie is refused at once', () => {
  it('after logout', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    const copy = stolen(headers)
    expect(await activeSession(auth, db, copy)).not.toBeNull()
    await auth.api.signOut({ headers })
    expect(await activeSession(auth, db, copy)).toBeNull()
  })

  it('after the user is disabled, and no new session can be opened', async () => {
    const user = await newUser()
    const copy = stolen(await signedInHeaders(auth, user.email, user.password))
    await disableUser(db, user.id)
    expect(await activeSession(auth, db, copy)).toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    await expect(signedInHeaders(auth, user.email, user.password)).rejects.toThrow()
  })

  it('after a password change: every other session ends, the changing one goes on', async () => {
    const user = await newUser()
    const mine = await signedInHeaders(auth, user.email, user.password)
    const copy = stolen(await signedInHeaders(auth, user.email, user.password, '198.51.100.7'))
    const { headers: changed } = await auth.api.changePassword({
      body: { currentPassword: user.password, newPassword: 'Nouveau-Mot-2026-Passe!', revokeOtherSessions: true },
      headers: mine,
      returnHeaders: true,
    })
    expect(await activeSession(auth, db, copy)).toBeNull()
    expect(await activeSession(auth, db, stolen(mine))).toBeNull()
    expect(await activeSession(auth, db, new Headers({ cookie: cookieHeaderOf(changed) }))).not.toBeNull()
  })

  it('after a password reset: every session ends, and the reset link works once', async () => {
    const user = await newUser()
    const copy = stolen(await signedInHeaders(auth, user.email, user.password))
    await auth.api.requestPasswordReset({ body: { email: user.email } })
    const mail = await waitForMail(outbox, user.email, /new-password\?token=/)
    const token = decodeURIComponent(/new-password\?token=([^\s]+)/.exec(mail)![1]!)
    await auth.api.resetPassword({ body: { token, newPassword: 'Reinitialise-2026-Ok!' } })
    expect(await activeSession(auth, db, copy)).toBeNull()
    await expect(
      auth.api.resetPassword({ body: { token, newPassword: 'Encore-Une-Fois-2026!' } }),
    ).rejects.toMatchObject({ body: { code: 'INVALID_TOKEN' } })
    expect(
      await activeSession(auth, db, await signedInHeaders(auth, user.email, 'Reinitialise-2026-Ok!')),
    ).not.toBeNull()
  })
})

describe('idle timeout', () => {
  it('ends a session unused for more than 60 minutes, and deletes it', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - interval '61 minutes'` })
      .where(eq(sessions.userId, user.id))
    expect(await activeSession(auth, db, headers)).toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })

  it('keeps a session used within the timeout, and moves its last activity forward', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - interval '59 minutes'` })
      .where(eq(sessions.userId, user.id))
    expect(await activeSession(auth, db, headers)).not.toBeNull()
    const [row] = await db
      .select({ idle: sql<number>`extract(epoch from now() - ${sessions.lastActiveAt})` })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
    expect(Number(row!.idle)).toBeLessThan(5)
  })

  it('follows SESSION_IDLE_MINUTES', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - interval '20 minutes'` })
      .where(eq(sessions.userId, user.id))
    process.env.SESSION_IDLE_MINUTES = '15'
    try {
      expect(await activeSession(auth, db, headers)).toBeNull()
    } finally {
      delete process.env.SESSION_IDLE_MINUTES
    }
  })

  it('ends a session past its 12-hour lifetime, however active', async () => {
    const user = await newUser()
    const headers = await signedInHeaders(auth, user.email, user.password)
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id))
    expect(await activeSession(auth, db, headers)).toBeNull()
  })
})
