import { testDatabaseUrl } from './db'
import fs from 'node:fs'
import { decodeQuotedPrintable } from '../support/test-codes'
import os from 'node:os'
import path from 'node:path'
import { inArray, or } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { createAuth, type Auth } from '@/lib/auth/auth'
import { cookieHeaderOf } from '@/lib/auth/password-sign-in'
import { provisionUser, type ProvisionInput } from '@/lib/auth/provision-user'
import type { Db } from '@/lib/db/client'
import { auditLog, users } from '@/lib/db/schema'
import { startJobWorker, type RunningWorker } from '@/lib/jobs/worker'
import { resetSmsTransport } from '@/lib/sms/transport'
import { demoIds } from '@/db/seed'

export const TEST_SECRET = 'integration-secret-7c1e9a4b2d6f8e0a3c5b7d9f1e2a4c6b'
export const TEST_BASE_URL = 'http://localhost:3999'

/** better-auth on the run's database, as the app configures it, without Next.js's cookie store. */
export function testAuth(db: Db, baseURL = TEST_BASE_URL): Auth {
  return createAuth({ db, baseURL, secret: TEST_SECRET, nextjs: false })
}

/**
 * Mail and SMS go to a fresh outbox folder for this file (lib/mail/mailer.ts writes there when SMTP_URL is unset), sent
 * by a real job worker (pg-boss) on the run's database, as in the app: what the code under test queues is delivered.
 */
export function useOutbox(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-outbox-'))
  process.env.OUTBOX_DIR = dir
  delete process.env.SMTP_URL
  resetSmsTransport()
  useJobWorker()
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A job worker on the run's database for the duration of the file. */
export function useJobWorker(): void {
  let worker: RunningWorker | undefined
  beforeAll(async () => {
    worker = await startJobWorker({ connectionString: testDatabaseUrl(), poolMax: 3 })
  })
  afterAll(async () => {
    await worker?.stop()
  })
}

/** The newest mail to `to` matching `pattern` (the reset mail leaves in the background). */
export async function waitForMail(dir: string, to: string, pattern: RegExp, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = fs
      .readdirSync(dir)
      .sort()
      .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((m) => m.includes(`To: ${to}`) && pattern.test(m))
    if (mails.length) return mails[mails.length - 1]!
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Users provisioned by this file, deleted (with their sessions and accounts) after it: the seed tests count rows. */
export function useTestUsers(db: Db) {
  const created: string[] = []
  afterAll(async () => {
    if (!created.length) return
    // Their sign-ins and the changes made to them are audited (audit_log references the user).
    await db.delete(auditLog).where(or(inArray(auditLog.actorId, created), inArray(auditLog.entityId, created)))
    await db.delete(users).where(inArray(users.id, created))
  })
  return async function newUser(
    overrides: Partial<ProvisionInput> = {},
  ): Promise<{ id: string; email: string; password: string }> {
    const email = `it-${crypto.randomUUID()}@passerelle.test`
    const password = overrides.password ?? 'Integration-Test-2026!'
    const result = await provisionUser(db, {
      email,
      firstName: 'Test',
      lastName: 'Intégration',
      role: 'counsellor',
      organisationId: demoIds.orgSeineMaritime,
      password,
      ...overrides,
    })
    if (!result.ok) throw new Error(result.error)
    created.push(result.userId)
    return { id: result.userId, email: overrides.email ?? email, password }
  }
}

/** Signs in by password and returns the request headers a browser would then send (the session cookie). */
export async function signedInHeaders(
  auth: Auth,
  email: string,
  password: string,
  ip = '203.0.113.10',
): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ 'x-forwarded-for': ip }),
    returnHeaders: true,
  })
  return new Headers({ cookie: cookieHeaderOf(headers), 'x-forwarded-for': ip })
}
