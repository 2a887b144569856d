import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { organisationRolePermissions, organisations, sessions, users } from '@/lib/db/schema'
import type { Auth } from './auth'
import { systemNow } from '@/lib/clock'

/** Minutes without a request after which a session ends (SESSION_IDLE_MINUTES, default 60). */
export function idleTimeoutMinutes(): number {
  const configured = Number(process.env.SESSION_IDLE_MINUTES)
  return Number.isFinite(configured) && configured > 0 ? configured : 60
}

/** How often the last-activity time is written: not on every request, the idle timeout is in minutes. */
const TOUCH_EVERY_MS = 60_000

export type ActiveSession = {
  session: typeof sessions.$inferSelect
  user: typeof users.$inferSelect
  rolePermissions: string[] | null
  /**
   * The user's organisation's reminder delay (organisations.answer_reminder_days), read with the session: the home
   * page and the actions dashboard filter on it, and need it before their other reads. Null outside an organisation.
   */
  answerReminderDays: number | null
}

/** The session cookie's name and the signing secret, from better-auth's own context (read once per Auth instance). */
const cookieSettings = new WeakMap<Auth, Promise<{ name: string; secret: string }>>()
function settingsOf(auth: Auth) {
  let settings = cookieSettings.get(auth)
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    }))
    cookieSettings.set(auth, settings)
  }
  return settings
}

/**
 * The token of better-auth's signed session cookie (`<token>.<base64 HMAC-SHA256>`), or null when it is missing or
 * its signature is wrong. Same format and checks as better-call's getSignedCookie, done synchronously with node:crypto.
 */
export function signedSessionToken(cookieHeader: string | null, name: string, secret: string): string | null {
  if (!cookieHeader) return null
  let raw: string | undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      raw = part.slice(eq + 1).trim()
      break
    }
  }
  if (!raw) return null
  if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1)
  try {
    raw = decodeURIComponent(raw)
  } catch {
    return null
  }
  const dot = raw.lastIndexOf('.')
  if (dot < 1) return null
  const token = raw.slice(0, dot)
  const signature = raw.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const given = Buffer.from(signature, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/** The session of a token with its user: read on every request, so prepared once (lib/db/prepared.ts). */
const sessionByToken = (db: Db) =>
  prepared(db, 'session_by_token', (name) =>
    db
      .select({
        session: getTableColumns(sessions),
        user: getTableColumns(users),
        rolePermissions: organisationRolePermissions.permissions,
        answerReminderDays: organisations.answerReminderDays,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The organisation's settings that pages read before anything else: a change holds from the next request.
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      // The organisation's own list for the user's role: a change of the matrix holds from the next request.
      .leftJoin(
        organisationRolePermissions,
        and(
          eq(organisationRolePermissions.organisationId, users.organisationId),
          eq(organisationRolePermissions.role, users.role),
        ),
      )
      .where(eq(sessions.token, sql.placeholder('token')))
      .prepare(name),
  )

/**
 * The session of these request headers if it is still good: in the database (logout, a password change and
 * disabling the user delete it there, which every app process sees at once), under its 12-hour lifetime
 * (expiresAt, never extended), used within the idle timeout, and its user not disabled. An ended session is
 * deleted. Otherwise its last activity is moved forward, at most once a minute.
 *
 * Read on every request, so it is one indexed query (session joined to its user) instead of better-auth's
 * getSession endpoint (two queries and its request pipeline); the cookie is the one better-auth signed.
 */
export async function activeSession(
  auth: Auth,
  db: Db,
  headers: Headers,
  now = systemNow(),
): Promise<ActiveSession | null> {
  const { name, secret } = await settingsOf(auth)
  const token = signedSessionToken(headers.get('cookie'), name, secret)
  if (!token) return null
  const [row] = await sessionByToken(db).execute({ token })
  if (!row) return null
  const { session, user } = row
  const idleMs = now.getTime() - session.lastActiveAt.getTime()
  if (session.expiresAt.getTime() <= now.getTime() || idleMs > idleTimeoutMinutes() * 60_000 || user.disabled) {
    await db.delete(sessions).where(eq(sessions.id, session.id))
    return null
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastActiveAt, now)))
  }
  return row
}
