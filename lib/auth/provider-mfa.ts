/**
 * The levels and methods by which ProConnect says the person gave a second factor at their identity provider
 * (ProConnect's documentation: the `acr` levels ending in 2FA, eidas2 and eidas3; `amr` containing "mfa").
 */
export const PROCONNECT_MFA_ACR = [
  'eidas2',
  'eidas3',
  'https://proconnect.gouv.fr/assurance/self-asserted-2fa',
  'https://proconnect.gouv.fr/assurance/consistency-checked-2fa',
] as const

/** The levels without a second factor that Passerelle accepts by default (the mailed code is then asked). */
export const PROCONNECT_BASE_ACR = [
  'eidas1',
  'https://proconnect.gouv.fr/assurance/self-asserted',
  'https://proconnect.gouv.fr/assurance/consistency-checked',
] as const

/** Whether the ID token's claims (already verified) say a second factor was given. */
export function didMultiFactor(claims: { acr?: unknown; amr?: unknown }): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr : typeof claims.amr === 'string' ? [claims.amr] : []
  if (amr.includes('mfa')) return true
  return typeof claims.acr === 'string' && (PROCONNECT_MFA_ACR as readonly string[]).includes(claims.acr)
}

/**
 * Hands "this callback's identity gave a second factor" from the provider's user-info step to the callback's
 * after-hook (lib/auth/provider-second-factor.ts), both in the same request and process. Keyed on the provider and
 * its subject, taken once, kept two minutes at most and at most 1 000 entries: nothing outlives the callback.
 */
const pending = new Map<string, number>()
const TTL_MS = 120_000

export function rememberProviderMfa(providerId: string, subject: string, at = performance.now()): void {
  for (const [key, when] of pending) if (at - when > TTL_MS || pending.size >= 1000) pending.delete(key)
  pending.set(`${providerId}:${subject}`, at)
}

export function takeProviderMfa(providerId: string, subjects: string[], at = performance.now()): boolean {
  let found = false
  for (const subject of subjects) {
    const key = `${providerId}:${subject}`
    const when = pending.get(key)
    if (when !== undefined) {
      pending.delete(key)
      if (at - when <= TTL_MS) found = true
    }
  }
  return found
}
