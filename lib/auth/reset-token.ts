import type { Auth } from './auth'
import { systemNow } from '@/lib/clock'

/** Whether an emailed reset token is still usable (unknown, used and expired tokens are not), without spending it. */
export async function resetTokenIsUsable(auth: Auth, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false
  const context = await auth.$context
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  return !!verification && verification.expiresAt > systemNow()
}
