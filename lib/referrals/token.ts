import { createHash, randomBytes } from 'node:crypto'

/** A referral link's token: 24 random bytes, base64url (32 characters), its only public name. */
export const newReferralToken = () => randomBytes(24).toString('base64url')
export const isReferralToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token)

/**
 * What the table keeps of a token (lib/db/schema/referrals.ts): its SHA-256 in hex, as the migration that hashed the
 * tokens stored in clear computes it, and its first four characters, shown in the settings to tell links apart.
 */
export const referralTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
export const referralTokenHint = (token: string) => token.slice(0, 4)
