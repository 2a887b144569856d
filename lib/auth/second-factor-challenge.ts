import { systemNow } from '@/lib/clock'

/** What the challenge reads of better-auth's instance (its shape, not lib/auth/auth.ts, which imports this file). */
type Auth = {
  $context: Promise<{
    createAuthCookie(name: string): { name: string }
    internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null> }
  }>
}

/** The verification row naming the identity provider a pending challenge came from (lib/auth/provider-second-factor.ts). */
export const providerOfChallenge = (identifier: string) => `2fa-provider-${identifier}`

/**
 * The user whose sign-in waits for a second factor, from better-auth's two-factor cookie (its random
 * identifier names a verification row holding the user id), or null once it expired or was used.
 * Used to throttle code checks per account before better-auth checks the code itself.
 */
export async function pendingSecondFactorUserId(auth: Auth, headers: Headers): Promise<string | null> {
  return (await pendingSecondFactor(auth, headers))?.userId ?? null
}

/**
 * The pending challenge: its user and, when it follows an identity provider's sign-in
 * (lib/auth/provider-second-factor.ts), that provider — the session it opens keeps it for the logout.
 */
export async function pendingSecondFactor(
  auth: Auth,
  headers: Headers,
): Promise<{ userId: string; provider: string | null } | null> {
  const context = await auth.$context
  const name = context.createAuthCookie('two_factor').name
  const raw = cookieValue(headers.get('cookie'), name)
  if (!raw) return null
  const signed = decodeURIComponent(raw)
  const identifier = signed.slice(0, signed.lastIndexOf('.'))
  if (!identifier) return null
  const verification = await context.internalAdapter.findVerificationValue(identifier)
  if (!verification || verification.expiresAt <= systemNow()) return null
  const provider = await context.internalAdapter.findVerificationValue(providerOfChallenge(identifier))
  return { userId: verification.value, provider: provider && provider.expiresAt > systemNow() ? provider.value : null }
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}
