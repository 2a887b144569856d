import { setTimeout as sleep } from 'node:timers/promises'
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { authAttempts } from '@/lib/db/schema'
import { hashKey } from './client-ip'

/**
 * Throttling of sign-in, password reset and code checks, in PostgreSQL so that every app process counts the
 * same attempts. Each attempt reserves one row per bucket before it runs; a success gives its rows back, a
 * failure leaves them.
 *
 * What refuses is keyed on the client: the pair (account, client address) and the address alone. What is keyed on
 * the account alone never refuses: anyone who knows an email can fill it, so it only slows the account down, with a
 * delay that grows with its failures of the hour and is bounded (SLOWDOWN_MAX_MS). So an attacker is stopped on the
 * addresses they use, and the owner, from an address that has not failed, still gets in with the right password.
 */
export type AttemptKind =
  'sign-in' | 'reset-request' | 'reset-token' | 'second-factor' | 'code-send' | 'change-password'

export const THROTTLE_WINDOW_MINUTES = 60

/**
 * Per rolling hour: `pair` failures of one address on one account and `ip` failures of one address are refused past
 * the limit. `account` is where the account's slowdown starts (sign-in, codes, code sendings) or, for reset requests
 * (a mail each), how many are mailed: past it the answer is the same and no mail leaves, the owner already has a
 * link of the hour in their mailbox. change-password (a signed-in user's own step) refuses per account.
 */
export const LIMITS: Record<AttemptKind, { pair: number; ip: number; account: number }> = {
  'sign-in': { pair: 10, ip: 300, account: 5 },
  'reset-request': { pair: 5, ip: 30, account: 5 },
  'reset-token': { pair: 20, ip: 50, account: 20 },
  'second-factor': { pair: 20, ip: 100, account: 5 },
  'code-send': { pair: 10, ip: 50, account: 10 },
  'change-password': { pair: 20, ip: 100, account: 20 },
}

/** The longest an attempt waits for its account's slowdown: a delay, never a lock. */
export const SLOWDOWN_MAX_MS = 4000

/**
 * The delay before checking an attempt on an account that failed `failures` times this hour: none up to the
 * kind's `account` figure, then doubling from 250 ms every 5 failures, up to SLOWDOWN_MAX_MS.
 */
export function slowdownMs(kind: AttemptKind, failures: number): number {
  const over = failures - LIMITS[kind].account
  if (over < 0) return 0
  return Math.min(SLOWDOWN_MAX_MS, 250 * 2 ** Math.min(10, Math.floor(over / 5)))
}

export type Bucket = { key: string; max: number }

/** The account's bucket. Refusing on it is for a signed-in user's own steps only (change-password). */
export function accountBucket(kind: AttemptKind, account: string): Bucket {
  return { key: `${kind}:account:${hashKey(account)}`, max: LIMITS[kind].account }
}

/** None when the client's address is unknown (lib/auth/client-ip.ts: no trusted proxy). */
export function ipBucket(kind: AttemptKind, ip: string | null): Bucket | null {
  return ip ? { key: `${kind}:ip:${hashKey(ip)}`, max: LIMITS[kind].ip } : null
}

/**
 * One address on one account. None when the address is unknown: keyed on the account alone it would be the
 * lockout again, and keyed on a header the client writes it would be the attacker's to change at will.
 */
export function pairBucket(kind: AttemptKind, account: string, ip: string | null): Bucket | null {
  return ip ? { key: `${kind}:pair:${hashKey(`${account}|${ip}`)}`, max: LIMITS[kind].pair } : null
}

export type Reservation = { allowed: true; ids: string[]; used: Map<string, number> } | { allowed: false }

/**
 * Reserves an attempt in every bucket, or none when one of the limiting buckets is full. `counted` buckets only
 * get their row and their count of the hour (in `used`, before this attempt): they never refuse. Advisory locks on
 * the buckets make the count and the insert one step for concurrent requests, in this process or another; the
 * transaction is short and holds nothing once it returns.
 */
export async function reserveAttempt(
  db: DbOrTx,
  requested: (Bucket | null)[],
  counted: Bucket[] = [],
): Promise<Reservation> {
  const limiting = requested.filter((b): b is Bucket => b !== null)
  const keys = [...new Set([...limiting, ...counted].map((b) => b.key))].sort()
  // Only a per-address bucket was asked and the address is unknown (no trusted proxy): nothing to count.
  if (!keys.length) return { allowed: true, ids: [], used: new Map() }
  return db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    const since = sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`
    await tx.delete(authAttempts).where(and(inArray(authAttempts.bucket, keys), lt(authAttempts.createdAt, since)))
    const counts = await tx
      .select({ bucket: authAttempts.bucket, n: count() })
      .from(authAttempts)
      .where(and(inArray(authAttempts.bucket, keys), gt(authAttempts.createdAt, since)))
      .groupBy(authAttempts.bucket)
    const used = new Map(counts.map((c) => [c.bucket, c.n]))
    if (limiting.some((b) => (used.get(b.key) ?? 0) >= b.max)) return { allowed: false as const }
    const rows = await tx
      .insert(authAttempts)
      .values(keys.map((bucket) => ({ bucket })))
      .returning({ id: authAttempts.id })
    return { allowed: true as const, ids: rows.map((r) => r.id), used }
  })
}

export type AccountAttempt = { allowed: false } | { allowed: true; reservation: Reservation; accountFailures: number }

/**
 * An attempt on an account from a client: refused when this address failed too often on this account, or at all;
 * otherwise reserved, with the account's failures of the hour (the slowdown, or the mail cap, reads them).
 */
export async function reserveAccountAttempt(
  db: DbOrTx,
  kind: AttemptKind,
  account: string,
  ip: string | null,
): Promise<AccountAttempt> {
  const tally = accountBucket(kind, account)
  const reservation = await reserveAttempt(db, [pairBucket(kind, account, ip), ipBucket(kind, ip)], [tally])
  if (!reservation.allowed) return { allowed: false }
  return { allowed: true, reservation, accountFailures: reservation.used.get(tally.key) ?? 0 }
}

/**
 * Waits out the account's slowdown. Called after the reservation's transaction ended: the wait holds no
 * connection and no lock, and it is bounded by SLOWDOWN_MAX_MS.
 */
export async function slowDown(kind: AttemptKind, accountFailures: number): Promise<void> {
  const ms = slowdownMs(kind, accountFailures)
  if (ms > 0) await sleep(ms)
}

/**
 * Whether a bucket is at its limit this hour, read without a lock or a write: for an attempt that only failures count
 * against (an invitation's code found), which is refused when its client is over the limit and otherwise costs nothing.
 */
export async function atLimit(db: DbOrTx, bucket: Bucket): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.bucket, bucket.key),
        gt(authAttempts.createdAt, sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`),
      ),
    )
  return (row?.n ?? 0) >= bucket.max
}

/** A successful attempt does not count against its buckets. */
export async function forgiveAttempt(db: DbOrTx, reservation: Reservation): Promise<void> {
  if (reservation.allowed && reservation.ids.length)
    await db.delete(authAttempts).where(inArray(authAttempts.id, reservation.ids))
}
