import { inArray, like, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { passwordSignIn } from '@/lib/auth/password-sign-in'
import { accountBucket, ipBucket, LIMITS, pairBucket, reserveAttempt, SLOWDOWN_MAX_MS } from '@/lib/auth/throttle'
import { authAttempts } from '@/lib/db/schema'
import { useTestDb } from './db'
import { testAuth, useTestUsers } from './auth-kit'

const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)

const signIn = (email: string, password: string, ip: string) =>
  passwordSignIn(auth, db, { email, password, ip, requestHeaders: new Headers({ 'x-forwarded-for': ip }) })

/** A distinct client address per test, so that the per-IP buckets of one test never limit another. */
let n = 0
const nextIp = () => `192.0.2.${++n}`

const usedBuckets: string[] = []
afterAll(async () => {
  if (usedBuckets.length) await db.delete(authAttempts).where(inArray(authAttempts.bucket, usedBuckets))
})

describe('sign-in throttling, in PostgreSQL', () => {
  it(
    'a hundred failures on an account from other addresses never block its owner: the right password from an address that has not failed signs in, only slowed, within the bound',
    { timeout: 60_000 },
    async () => {
      const user = await newUser()
      const bucket = accountBucket('sign-in', user.email)
      usedBuckets.push(bucket.key)
      await db.insert(authAttempts).values(Array.from({ length: 100 }, () => ({ bucket: bucket.key })))
      const ip = nextIp()
      usedBuckets.push(ipBucket('sign-in', ip)!.key, pairBucket('sign-in', user.email, ip)!.key)
      const started = performance.now()
      expect((await signIn(user.email, user.password, ip)).kind).toBe('signed-in')
      const waited = performance.now() - started
      expect(waited).toBeGreaterThanOrEqual(SLOWDOWN_MAX_MS - 50)
      expect(waited).toBeLessThan(SLOWDOWN_MAX_MS + 3000)
    },
  )

  it('an address that keeps failing on an account is refused on that account, even with the right password; another address is not', async () => {
    const user = await newUser()
    const [attacker, owner] = [nextIp(), nextIp()]
    usedBuckets.push(accountBucket('sign-in', user.email).key)
    for (const ip of [attacker, owner])
      usedBuckets.push(ipBucket('sign-in', ip)!.key, pairBucket('sign-in', user.email, ip)!.key)
    for (let i = 0; i < LIMITS['sign-in'].pair; i++)
      expect((await signIn(user.email, 'Mauvais-Mot-2026!', attacker)).kind).toBe('invalid')
    expect((await signIn(user.email, user.password, attacker)).kind).toBe('throttled')
    expect((await signIn(user.email, user.password, owner)).kind).toBe('signed-in')
  })

  it('without a trusted client address, failures only slow the account down', { timeout: 60_000 }, async () => {
    const user = await newUser()
    const bucket = accountBucket('sign-in', user.email)
    usedBuckets.push(bucket.key)
    await db.insert(authAttempts).values(Array.from({ length: 150 }, () => ({ bucket: bucket.key })))
    const result = await passwordSignIn(auth, db, {
      email: user.email,
      password: user.password,
      ip: null,
      requestHeaders: new Headers(),
    })
    expect(result.kind).toBe('signed-in')
  })

  it('the slowdown holds no database connection, transaction or lock while it waits', { timeout: 60_000 }, async () => {
    const user = await newUser()
    const bucket = accountBucket('sign-in', user.email)
    usedBuckets.push(bucket.key)
    await db.insert(authAttempts).values(Array.from({ length: 60 }, () => ({ bucket: bucket.key })))
    const ip = nextIp()
    usedBuckets.push(ipBucket('sign-in', ip)!.key, pairBucket('sign-in', user.email, ip)!.key)
    const pending = signIn(user.email, user.password, ip)
    await new Promise((r) => setTimeout(r, Math.min(1000, SLOWDOWN_MAX_MS / 2)))
    const [held] = await db
      .execute<{ locks: number; open: number }>(
        sql`
      select (select count(*)::int from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()) as locks,
             (select count(*)::int from pg_stat_activity where datname = current_database()
                and state like 'idle in transaction%') as open`,
      )
      .then((r) => r.rows)
    expect(held).toEqual({ locks: 0, open: 0 })
    expect((await pending).kind).toBe('signed-in')
  })

  it('counts failures only: a success gives its attempt back', async () => {
    const user = await newUser()
    const ip = nextIp()
    usedBuckets.push(accountBucket('sign-in', user.email).key, ipBucket('sign-in', ip)!.key)
    expect((await signIn(user.email, 'Mauvais-Mot-2026!', ip)).kind).toBe('invalid')
    expect((await signIn(user.email, user.password, ip)).kind).toBe('signed-in')
    const rows = await db
      .select()
      .from(authAttempts)
      .where(inArray(authAttempts.bucket, [accountBucket('sign-in', user.email).key]))
    expect(rows).toHaveLength(1)
  })

  it('forgets failures older than an hour', async () => {
    const user = await newUser()
    const bucket = accountBucket('sign-in', user.email)
    usedBuckets.push(bucket.key)
    await db
      .insert(authAttempts)
      .values(
        Array.from({ length: 100 }, () => ({ bucket: bucket.key, createdAt: sql`now() - interval '61 minutes'` })),
      )
    const ip = nextIp()
    usedBuckets.push(ipBucket('sign-in', ip)!.key)
    expect((await signIn(user.email, user.password, ip)).kind).toBe('signed-in')
  })

  it('limits one address across accounts (300 failures an hour), unknown emails included', async () => {
    const ip = nextIp()
    const bucket = ipBucket('sign-in', ip)!
    usedBuckets.push(bucket.key)
    await db.insert(authAttempts).values(Array.from({ length: 300 }, () => ({ bucket: bucket.key })))
    const user = await newUser()
    usedBuckets.push(accountBucket('sign-in', user.email).key, accountBucket('sign-in', 'personne@passerelle.test').key)
    expect((await signIn(user.email, user.password, ip)).kind).toBe('throttled')
    expect((await signIn('personne@passerelle.test', 'Peu-Importe-2026!', ip)).kind).toBe('throttled')
    expect((await signIn(user.email, user.password, nextIp())).kind).toBe('signed-in')
  })

  it('keys buckets on hashes: no email or address in clear', async () => {
    const rows = await db
      .select({ bucket: authAttempts.bucket })
      .from(authAttempts)
      .where(like(authAttempts.bucket, '%@%'))
    expect(rows).toEqual([])
    const ipRows = await db
      .select({ bucket: authAttempts.bucket })
      .from(authAttempts)
      .where(like(authAttempts.bucket, '%192.0.2.%'))
    expect(ipRows).toEqual([])
  })
})

describe('reserveAttempt', () => {
  it('lets exactly `max` of many concurrent attempts through', async () => {
    const bucket = { key: `test:concurrent:${crypto.randomUUID()}`, max: 10 }
    usedBuckets.push(bucket.key)
    const results = await Promise.all(Array.from({ length: 25 }, () => reserveAttempt(db, [bucket])))
    expect(results.filter((r) => r.allowed)).toHaveLength(10)
  })

  it('reserves in no bucket when one of them is full', async () => {
    const full = { key: `test:full:${crypto.randomUUID()}`, max: 1 }
    const free = { key: `test:free:${crypto.randomUUID()}`, max: 5 }
    usedBuckets.push(full.key, free.key)
    expect((await reserveAttempt(db, [full])).allowed).toBe(true)
    expect((await reserveAttempt(db, [full, free])).allowed).toBe(false)
    expect(
      await db
        .select()
        .from(authAttempts)
        .where(inArray(authAttempts.bucket, [free.key])),
    ).toEqual([])
  })
})
