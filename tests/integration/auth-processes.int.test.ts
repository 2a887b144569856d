import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { passwordSignIn } from '@/lib/auth/password-sign-in'
import { accountBucket, ipBucket, LIMITS, pairBucket } from '@/lib/auth/throttle'
import { authAttempts } from '@/lib/db/schema'
import { useTestDb, testDatabaseUrl } from './db'
import { signedInHeaders, TEST_BASE_URL, TEST_SECRET, testAuth, useTestUsers } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)

/** Another Node.js process (tests/integration/auth-process.ts) with its own pool on the same database. */
let other: ChildProcessWithoutNullStreams
let answers: AsyncIterator<string>
async function ask<T>(command: object): Promise<T> {
  other.stdin.write(`${JSON.stringify(command)}\n`)
  const { value } = await answers.next()
  return JSON.parse(value as string) as T
}

beforeAll(async () => {
  other = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'auth-process.ts')], {
    env: {
      ...process.env,
      AUTH_PROCESS_DATABASE_URL: testDatabaseUrl(),
      AUTH_PROCESS_BASE_URL: TEST_BASE_URL,
      AUTH_PROCESS_SECRET: TEST_SECRET,
    },
    stdio: 'pipe',
  })
  answers = readline.createInterface({ input: other.stdout })[Symbol.asyncIterator]()
  const { value } = await answers.next()
  expect(JSON.parse(value as string).ready).not.toBe(process.pid)
}, 30_000)

afterAll(async () => {
  other.stdin.write(`${JSON.stringify({ op: 'exit' })}\n`)
})

describe('two app processes on one database behave as one', () => {
  it('a session opened by one process is valid in the other, and a logout in either ends it in both', async () => {
    const user = await newUser()
    const opened = await ask<{ kind: string; cookie: string }>({
      op: 'sign-in',
      email: user.email,
      password: user.password,
      ip: '203.0.113.50',
    })
    expect(opened.kind).toBe('signed-in')
    const here = new Headers({ cookie: opened.cookie })
    expect((await activeSession(auth, db, here))?.user.id).toBe(user.id)

    const mine = await signedInHeaders(auth, user.email, user.password)
    expect(await ask<{ userId: string | null }>({ op: 'session', cookie: mine.get('cookie') })).toEqual({
      userId: user.id,
    })
    await ask({ op: 'sign-out', cookie: mine.get('cookie') })
    expect(await activeSession(auth, db, mine)).toBeNull()

    await auth.api.signOut({ headers: here })
    expect(await ask<{ userId: string | null }>({ op: 'session', cookie: opened.cookie })).toEqual({ userId: null })
  })

  it('they share the throttling: failures of one address made here and there add up, and it is refused in both', async () => {
    const user = await newUser()
    const [attacker, owner] = ['198.51.100.100', '198.51.100.101']
    const buckets = [accountBucket('sign-in', user.email).key]
    for (const ip of [attacker, owner])
      buckets.push(ipBucket('sign-in', ip)!.key, pairBucket('sign-in', user.email, ip)!.key)
    const here = (password: string, ip: string) =>
      passwordSignIn(auth, db, { email: user.email, password, ip, requestHeaders: new Headers() }).then((r) => r.kind)
    const there = (password: string, ip: string) =>
      ask<{ kind: string }>({ op: 'sign-in', email: user.email, password, ip }).then((r) => r.kind)
    const pair = LIMITS['sign-in'].pair
    for (let i = 0; i < pair; i++) expect(await (i % 2 ? there : here)('Mauvais-Mot-2026!', attacker)).toBe('invalid')
    expect(await there(user.password, attacker)).toBe('throttled')
    expect(await here(user.password, attacker)).toBe('throttled')
    expect(await there(user.password, owner)).toBe('signed-in')
    await db.delete(authAttempts).where(inArray(authAttempts.bucket, buckets))
  })
})
