import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { nextCookies } from 'better-auth/next-js'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { accounts, sessions, users, verifications } from '@/lib/db/schema'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule'

/** Absolute session lifetime: 12 hours, not extended by activity. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60

function createAuth() {
  const db = getDb()
  return betterAuth({
    appName: 'Passerelle',
    baseURL: process.env.BETTER_AUTH_URL ?? 'http://localhost:3000',
    secret: process.env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // Accounts are provisioned by an administrator, never self-registered.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, disableSessionRefresh: true },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false },
        permissions: { type: 'string[]', required: false, input: false },
        organisationId: { type: 'string', required: false, input: false },
        structureId: { type: 'string', required: false, input: false },
        disabled: { type: 'boolean', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account gets no session, whatever the way it signs in.
          before: async (session) => {
            const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, session.userId))
            return row && !row.disabled ? { data: session } : false
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'passerelle',
      useSecureCookies: (process.env.BETTER_AUTH_URL ?? '').startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [nextCookies()],
  })
}

type Auth = ReturnType<typeof createAuth>
const cache = globalThis as unknown as { __passerelleAuth?: Auth }

/** Created on first use so that `next build` never needs a database. */
export function getAuth(): Auth {
  cache.__passerelleAuth ??= createAuth()
  return cache.__passerelleAuth
}
