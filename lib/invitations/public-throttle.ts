import { hashKey } from '@/lib/auth/client-ip'
import { atLimit, forgiveAttempt, reserveAttempt, type Bucket } from '@/lib/auth/throttle'
import type { Db } from '@/lib/db/client'
import type { invitations } from '@/lib/db/schema'
import { invitationByCode } from './booking'
import { normaliseCode } from './code'

/**
 * Per rolling hour, counted in PostgreSQL (lib/auth/throttle.ts) so that every app process shares them:
 * - unknown codes from one address. A code is 40 random bits: at 20 an hour, one address would need centuries to hit
 *   any of 10 000 pending codes. Clients whose address is unknown (no trusted proxy: lib/auth/client-ip.ts) share one
 *   larger bucket: without it a brute force would not be slowed at all where no proxy says who is who;
 * - wrong names from one address, across invitations (each invitation also locks itself after 5 in a row).
 * A right answer gives its attempt back: only failures count.
 */
export const invitationLimits = () => ({
  codesPerAddress: Math.max(1, Number(process.env.INVITATION_CODE_LIMIT_PER_ADDRESS) || 20),
  codesUnknownAddress: Math.max(1, Number(process.env.INVITATION_CODE_LIMIT_UNKNOWN_ADDRESS) || 300),
  namesPerAddress: Math.max(1, Number(process.env.INVITATION_NAME_LIMIT_PER_ADDRESS) || 30),
})

export const THROTTLED =
  'Trop d’essais depuis cette connexion. Réessayez dans une heure, ou appelez la structure qui vous a invité.'

export function codeBucket(ip: string | null): Bucket {
  const limits = invitationLimits()
  return ip
    ? { key: `invitation-code:ip:${hashKey(ip)}`, max: limits.codesPerAddress }
    : { key: 'invitation-code:unknown-address', max: limits.codesUnknownAddress }
}

export function nameBucket(ip: string | null): Bucket | null {
  return ip ? { key: `invitation-name:ip:${hashKey(ip)}`, max: invitationLimits().namesPerAddress } : null
}

export type CodeLookup =
  | { kind: 'invalid' }
  | { kind: 'throttled' }
  | { kind: 'unknown' }
  | { kind: 'found'; code: string; invitation: typeof invitations.$inferSelect }

/**
 * A code typed or linked by a signed-out client: an impossible one is never looked up (it tells nothing); a possible
 * one counts against the client's address unless it is found. Every entry point that answers "no such code" goes
 * through here first, or it would be an oracle for codes.
 */
export async function lookUpCode(db: Db, typed: string, ip: string | null): Promise<CodeLookup> {
  const code = normaliseCode(typed)
  if (!code) return { kind: 'invalid' }
  const bucket = codeBucket(ip)
  const invitation = await invitationByCode(db, code)
  // Found: nothing to count, only the client's standing to read (every link opening is this path, and a counted one
  // serialised them all on the bucket's lock — one bucket for every client whose address is unknown).
  if (invitation) return (await atLimit(db, bucket)) ? { kind: 'throttled' } : { kind: 'found', code, invitation }
  // Unknown: counted under the bucket's lock, so that failures never pass the limit.
  const reservation = await reserveAttempt(db, [bucket])
  return reservation.allowed ? { kind: 'unknown' } : { kind: 'throttled' }
}

/** A name check from a client: refused when its address failed too often this hour; `forgive` after a right answer. */
export async function reserveNameCheck(db: Db, ip: string | null) {
  const reservation = await reserveAttempt(db, [nameBucket(ip)])
  return reservation.allowed ? { allowed: true as const, forgive: () => forgiveAttempt(db, reservation) } : null
}
