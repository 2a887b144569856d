import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { accounts, twoFactors, users } from '@/lib/db/schema'
import { readSecondFactor } from './two-factor-policy'

/** Whether the user has a confirmed authenticator app (TOTP). */
export async function hasConfirmedTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)))
  return !!row
}

/** Whether the user signs in with a password (a user of an identity provider only has none). */
export async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
  return !!row
}

export type SecondFactorStatus = { required: boolean; enabled: boolean; totp: boolean; password: boolean }

/** What /double-auth shows a signed-in user. */
export async function secondFactorStatus(db: DbOrTx, userId: string): Promise<SecondFactorStatus> {
  const user = await readSecondFactor(db, eq(users.id, userId))
  if (!user) return { required: false, enabled: false, totp: false, password: false }
  const [totp, password] = await Promise.all([hasConfirmedTotp(db, userId), hasPassword(db, userId)])
  return { required: user.required, enabled: user.enabled, totp, password }
}
