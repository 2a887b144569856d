import crypto from 'node:crypto'
import { appUrl } from '@/lib/auth/app-url'

/** Capitals and digits without 0/O and 1/I, which read alike on a letter or an old phone: 32 signs, 5 bits each. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 8

/** A fresh code: 40 random bits, unbiased (32 divides 256). */
export function newInvitationCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH)
  let code = ''
  for (const b of bytes) code += CODE_ALPHABET[b % 32]
  return code
}

/**
 * A code as typed from a letter ("abcd efgh", "ABCD-EFGH"), in its stored form, or null when it cannot be one: spaces
 * and dashes dropped, lower case raised; an O or an I typed for a 0 or a 1 is no sign of the alphabet, so it fails.
 */
export function normaliseCode(typed: string): string | null {
  const code = typed.replace(/[\s\-.]/g, '').toUpperCase()
  if (code.length !== CODE_LENGTH) return null
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null
  return code
}

function key(): Buffer {
  const secret = process.env.BETTER_AUTH_SECRET
  if (!secret) throw new Error('BETTER_AUTH_SECRET is not set: invitation codes cannot be hashed.')
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'passerelle', 'invitation-code-v1', 32))
}

/**
 * What the database keeps to find an invitation by its code: an HMAC under a key the database does not hold, so that a
 * copy of the table cannot be searched for codes (40 bits would fall to a plain hash).
 */
export function hashCode(code: string): string {
  return crypto.createHmac('sha256', key()).update(code).digest('base64url')
}

/** The link printed and sent: `<app>/i/<CODE>`. */
export const invitationLink = (code: string) => `${appUrl()}/i/${code}`
