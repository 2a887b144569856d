import { and, count, gt, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { authAttempts } from '@/lib/db/schema'
import { hashKey } from './client-ip'

/**
 * Throttling of sign-in, password reset and code checks, in PostgreSQL so that every app process counts the
 * same attempts. Each attempt reserves one row per bucket (the account, the client address) before it runs;
 * a success gives its rows back, a failure leaves them. A bucket refuses once it holds `max` rows of the
 * last hour: the 101st failed sign-in of the hour on one account is refused, whatever the address.
 */
export type AttemptKind =
  'sign-in' | 'reset-request' | 'reset-token' | 'second-factor' | 'code-send' | 'change-password'

export const THROTTLE_WINDOW_MINUTES = 60

/** Failed attempts allowed per rolling hour. Reset requests and code sendings count every request (an email each). */
export const LIMITS: Record<AttemptKind, { account: number; ip: number }> = {
  'sign-in': { account: 100, ip: 300 },
  'reset-request': { account: 5, ip: 30 },
  'reset-token': { account: 20, ip: 50 },
  'second-factor': { account: 20, ip: 100 },
  'code-send': { account: 10, ip: 50 },
  'change-password': { account: 20, ip: 100 },
}

export type Bucket = { key: string; max: number }

export function accountBucket(kind: AttemptKind, account: string): Bucket {
  return { key: `${kind}:account:${hashKey(account)}`, max: LIMITS[kind].account }
}

/** None when the client's address is unknown (lib/auth/client-ip.ts: no trusted proxy). */
export function ipBucket(kind: AttemptKind, ip: string | null): Bucket | null {
  return ip ? { key: `${kind}:ip:${hashKey(ip)}`, max: LIMITS[kind].ip } : null
}

export type Reservation = { allowed: true; ids: string[] } | { allowed: false }

/**
 * Reserves an attempt in every bucket, or none when one of them is full. Advisory locks on the buckets make
 * the count and the insert one step for concurrent requests, in this process or another.
 */
export async function reserveAttempt(db: DbOrTx, requested: (Bucket | null)[]): Promise<Reservation> {
  const buckets = requested.filter((b): b is Bucket => b !== null)
  const keys = [...new Set(buckets.map((b) => b.key))].sort()
  // Only a per-address bucket was asked and the address is unknown (no trusted proxy): nothing to count.
  if (!keys.length) return { allowed: true, ids: [] }
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
    if (buckets.some((b) => (used.get(b.key) ?? 0) >= b.max)) return { allowed: false as const }
    const rows = await tx
      .insert(authAttempts)
      .values(keys.map((bucket) => ({ bucket })))
      .returning({ id: authAttempts.id })
    return { allowed: true as const, ids: rows.map((r) => r.id) }
  })
}

/** A successful attempt does not count against its buckets. */
export async function forgiveAttempt(db: DbOrTx, reservation: Reservation): Promise<void> {
  if (reservation.allowed && reservation.ids.length)
    await db.delete(authAttempts).where(inArray(authAttempts.id, reservation.ids))
}
