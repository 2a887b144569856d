import type { Auth } from './auth'

/**
 * The user whose sign-in waits for a second factor, from better-auth's two-factor cookie (its random
 * identifier names a verification row holding the user id), or null once it expired or was used.
 * Used to throttle code checks per account before better-auth checks the code itself.
 */
export async function pendingSecondFactorUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const context = await auth.$context
  const name = context.createAuthCookie('two_factor').name
  const raw = cookieValue(headers.get('cookie'), name)
  if (!raw) return null
  const signed = decodeURIComponent(raw)
  const identifier = signed.slice(0, signed.lastIndexOf('.'))
  if (!identifier) return null
  const verification = await context.internalAdapter.findVerificationValue(identifier)
  return verification && verification.expiresAt > new Date() ? verification.value : null
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}
