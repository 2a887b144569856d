import crypto from 'node:crypto'
import { appUrl } from '@/lib/auth/app-url'
import { ANSWER_LINK_DAYS } from '@/lib/constants'
import { DAY_MS } from '@/lib/dates'
import { isUuid } from '@/lib/ids'

/**
 * The signed link with which a structure that has no account answers one prescription (issue 40 §1): its path carries
 * the prescription's id, an expiry and an HMAC of both under a key derived from the app's secret. Nothing is stored:
 * the link is checked by recomputing the HMAC (a constant-time comparison), and a link past its expiry is only good for
 * asking a new one, sent to the structure's own address. The id is no personal data; the link opens that prescription's
 * follow-up sheet and nothing else.
 */
/** Who read or answered from a link, in the read journal and the audit log: the structure, without a user. */
export const LINK_ACTOR_PREFIX = 'lien:'
export const linkActor = (structureId: string) => `${LINK_ACTOR_PREFIX}${structureId}`

function key(): Buffer {
  const secret = process.env.BETTER_AUTH_SECRET
  if (!secret) throw new Error('BETTER_AUTH_SECRET is not set: answer links cannot be signed.')
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'passerelle', 'prescription-answer-link-v1', 32))
}

const signatureOf = (applyId: string, expires: number) =>
  crypto.createHmac('sha256', key()).update(`${applyId}.${expires}`).digest('base64url')

/** A link's token for the prescription, good until `now` + 8 days (seconds since the epoch). */
export function answerLinkToken(applyId: string, now: Date): string {
  const expires = Math.floor((now.getTime() + ANSWER_LINK_DAYS * DAY_MS) / 1000)
  return `${applyId}.${expires}.${signatureOf(applyId, expires)}`
}

/** A fresh link for a mail: its address, and the instant it expires (said in the mail). */
export function newAnswerLink(applyId: string, now: Date): { url: string; expiresAt: Date } {
  const token = answerLinkToken(applyId, now)
  return { url: `${appUrl()}/reponse/${token}`, expiresAt: new Date(Number(token.split('.')[1]) * 1000) }
}

export type LinkCheck = { kind: 'invalid' } | { kind: 'expired' | 'valid'; applyId: string; expiresAt: Date }

/** A token as the URL brings it: invalid (malformed or tampered), expired, or valid, with its prescription's id. */
export function checkAnswerLink(token: string, now: Date): LinkCheck {
  const parts = /^([0-9a-f-]{36})\.(\d{9,11})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!parts || !isUuid(parts[1]!)) return { kind: 'invalid' }
  const [applyId, expires, signature] = [parts[1]!, Number(parts[2]), parts[3]!]
  const expected = Buffer.from(signatureOf(applyId, expires))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { kind: 'invalid' }
  const expiresAt = new Date(expires * 1000)
  return { kind: expiresAt.getTime() > now.getTime() ? 'valid' : 'expired', applyId, expiresAt }
}
