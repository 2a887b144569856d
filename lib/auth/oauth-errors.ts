/** The `error` codes better-auth puts on the login page after an OAuth callback, and the message that explains each. */
const CODES: Record<string, OAuthErrorKey> = {
  signup_disabled: 'oauthUnknownIdentity',
  'signup disabled': 'oauthUnknownIdentity',
  account_not_linked: 'oauthNotLinked',
  unable_to_link_account: 'oauthNotLinked',
  email_not_found: 'oauthNotLinked',
  state_not_found: 'oauthState',
  state_mismatch: 'oauthState',
  state_invalid: 'oauthState',
  please_restart_the_process: 'oauthState',
  no_code: 'oauthNoCode',
  issuer_mismatch: 'oauthInvalidResponse',
  issuer_missing: 'oauthInvalidResponse',
  nonce_binding_missing: 'oauthInvalidResponse',
  unable_to_get_user_info: 'oauthInvalidResponse',
  invalid_code: 'oauthInvalidResponse',
  access_denied: 'oauthDenied',
  unable_to_create_session: 'oauthDisabled',
  user_disabled: 'oauthDisabled',
}

export type OAuthErrorKey =
  | 'oauthUnknownIdentity'
  | 'oauthNotLinked'
  | 'oauthState'
  | 'oauthNoCode'
  | 'oauthInvalidResponse'
  | 'oauthDenied'
  | 'oauthDisabled'
  | 'oauthFailed'

/** Any other code (a provider may send its own) gets the generic message: the code itself is never shown. */
export function oauthErrorKey(code: string): OAuthErrorKey {
  return CODES[code] ?? CODES[code.toLowerCase().replace(/ /g, '_')] ?? 'oauthFailed'
}

/**
 * What the account page says after linking an identity failed: a refusal of the link's own rules
 * (lib/auth/identity-links.ts) or better-auth's `error` code on the way back from the provider.
 */
export type IdentityLinkErrorKey =
  | 'identityLinkedElsewhere'
  | 'identityLinkNotFresh'
  | 'identityLinkAlreadyHas'
  | 'identityLinkUnavailable'
  | 'identityLinkFailed'
  | 'oauthState'
  | 'oauthDenied'

const LINK_CODES: Record<string, IdentityLinkErrorKey> = {
  account_already_linked_to_different_user: 'identityLinkedElsewhere',
  'not-fresh': 'identityLinkNotFresh',
  'already-has-provider': 'identityLinkAlreadyHas',
  'unknown-provider': 'identityLinkUnavailable',
  unavailable: 'identityLinkUnavailable',
  state_not_found: 'oauthState',
  state_mismatch: 'oauthState',
  state_invalid: 'oauthState',
  please_restart_the_process: 'oauthState',
  access_denied: 'oauthDenied',
}

export function identityLinkErrorKey(code: string): IdentityLinkErrorKey {
  return LINK_CODES[code] ?? 'identityLinkFailed'
}
