import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { sessions } from '@/lib/db/schema'
import type { Auth } from './auth'

/** Minutes without a request after which a session ends (SESSION_IDLE_MINUTES, default 60). */
export function idleTimeoutMinutes(): number {
  const configured = Number(process.env.SESSION_IDLE_MINUTES)
  return Number.isFinite(configured) && configured > 0 ? configured : 60
}

/** How often the last-activity time is written: not on every request, the idle timeout is in minutes. */
const TOUCH_EVERY_MS = 60_000

export type ActiveSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>

/**
 * The session of these request headers if it is still good: in the database (logout, a password change and
 * disabling the user delete it there, which every app process sees at once), under its 12-hour lifetime
 * (better-auth's expiresAt), used within the idle timeout, and its user not disabled. An idle session is
 * deleted. Otherwise its last activity is moved forward.
 */
export async function activeSession(auth: Auth, db: Db, headers: Headers, now = new Date()): Promise<ActiveSession | null> {
  const result = await auth.api.getSession({ headers })
  if (!result) return null
  const { session } = result
  const lastActiveAt = new Date(session.lastActiveAt ?? session.createdAt)
  const idleMs = now.getTime() - lastActiveAt.getTime()
  if (idleMs > idleTimeoutMinutes() * 60_000 || result.user.disabled) {
    await db.delete(sessions).where(eq(sessions.id, session.id))
    return null
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastActiveAt, now)))
  }
  return result
}
