import { APIError } from 'better-auth/api'
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import type { ProviderSettings } from './identity-providers'
import { didMultiFactor, PROCONNECT_MFA_ACR, rememberProviderMfa } from './provider-mfa'

/**
 * The identity providers as better-auth OpenID Connect clients (genericOAuth): discovery, PKCE, a 32-character
 * state bound to a cookie, a 32-character nonce checked in the ID token, whose signature, issuer and audience
 * are verified against the provider's keys (requireIdTokenVerification). Nobody is created: an identity signs
 * in only to an account an administrator provisioned (lib/auth/provision-user.ts), or links to one by an email
 * its provider verified — never for Microsoft, keyed on tenant and object id.
 */
export function identityProvidersPlugin(providers: ProviderSettings[]) {
  return genericOAuth({ config: providers.map(clientConfig) })
}

type Discovery = { issuer: string; jwks_uri: string; userinfo_endpoint?: string }
const discoveries = new Map<string, Promise<Discovery>>()
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

function discover(url: string): Promise<Discovery> {
  let pending = discoveries.get(url)
  if (!pending) {
    pending = fetch(url, { signal: AbortSignal.timeout(10_000) }).then(async (r) => {
      if (!r.ok) throw new Error(`discovery ${r.status}`)
      return (await r.json()) as Discovery
    })
    pending.catch(() => discoveries.delete(url))
    discoveries.set(url, pending)
  }
  return pending
}

function keysOf(discovery: Discovery) {
  let keys = keySets.get(discovery.jwks_uri)
  if (!keys) keySets.set(discovery.jwks_uri, (keys = createRemoteJWKSet(new URL(discovery.jwks_uri))))
  return keys
}

export class InsufficientAcrError extends APIError {
  constructor() {
    super('FORBIDDEN', { code: 'INSUFFICIENT_ACR', message: 'acr' })
  }
}

/**
 * ProConnect: the ID token (already verified by better-auth) must carry one of the configured acr values,
 * else the callback answers 403. Its `amr` and `acr` say whether the person gave a second factor at their identity
 * provider: if so, the callback's after-hook does not ask for the mailed code again (as les-emplois does). Its
 * userinfo is a JWT signed with the provider's keys, verified here (signature, issuer, audience) before any claim
 * is read.
 */
function proconnectUserInfo(settings: ProviderSettings): NonNullable<GenericOAuthConfig['getUserInfo']> {
  return async (tokens) => {
    if (!tokens.idToken || !tokens.accessToken) return null
    const idClaims = decodeJwt(tokens.idToken)
    if (typeof idClaims.acr !== 'string' || !settings.acrValues?.includes(idClaims.acr))
      throw new InsufficientAcrError()
    const discovery = await discover(settings.discoveryUrl)
    if (!discovery.userinfo_endpoint) return null
    const response = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) return null
    const { payload } = await jwtVerify(await response.text(), keysOf(discovery), {
      issuer: discovery.issuer,
      audience: settings.clientId,
    })
    if (payload.sub !== idClaims.sub || typeof payload.email !== 'string') return null
    if (didMultiFactor(idClaims as { acr?: unknown; amr?: unknown })) rememberProviderMfa(settings.id, payload.sub!)
    return {
      id: payload.sub,
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      // ProConnect's identity providers vouch for the professional address it returns.
      emailVerified: true,
      name: [payload.given_name, payload.usual_name].filter(Boolean).join(' '),
    }
  }
}

/** Microsoft Entra ID: the account is the tenant and object id of the (verified) ID token; its email is never trusted. */
async function entraUserInfo(tokens: { idToken?: string }) {
  if (!tokens.idToken) return null
  const claims = decodeJwt(tokens.idToken)
  if (typeof claims.tid !== 'string' || typeof claims.oid !== 'string' || typeof claims.sub !== 'string') return null
  const email = (
    typeof claims.email === 'string'
      ? claims.email
      : typeof claims.preferred_username === 'string'
        ? claims.preferred_username
        : ''
  ).toLowerCase()
  return {
    id: `${claims.tid}:${claims.oid}`,
    sub: claims.sub,
    tid: claims.tid,
    oid: claims.oid,
    email,
    emailVerified: false,
    name: String(claims.name ?? ''),
  }
}

/**
 * France Travail: the account is its subject in the (verified) ID token. Its email links a provisioned account only
 * when the token says France Travail verified it (`email_verified` true); any other claim is left out, so nothing
 * in the token can pass for that flag.
 */
async function franceTravailUserInfo(tokens: { idToken?: string }) {
  if (!tokens.idToken) return null
  const claims = decodeJwt(tokens.idToken)
  if (typeof claims.sub !== 'string') return null
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : ''
  return {
    id: claims.sub,
    sub: claims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: String(claims.name ?? [claims.given_name, claims.family_name].filter(Boolean).join(' ')),
  }
}

function clientConfig(settings: ProviderSettings): GenericOAuthConfig {
  const base: GenericOAuthConfig = {
    providerId: settings.id,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    discoveryUrl: settings.discoveryUrl,
    scopes: settings.scopes,
    pkce: true,
    requireIdTokenVerification: true,
    disableImplicitSignUp: true,
    disableSignUp: true,
    overrideUserInfo: false,
  }
  if (settings.id === 'proconnect') {
    // In order of preference: the accepted levels that carry a second factor first, so that ProConnect asks the
    // person's provider for one where it can; the others stay acceptable (the mailed code is then asked).
    const accepted = settings.acrValues ?? []
    const mfa: readonly string[] = PROCONNECT_MFA_ACR
    const acr = [...accepted.filter((a) => mfa.includes(a)), ...accepted.filter((a) => !mfa.includes(a))]
    return {
      ...base,
      authorizationUrlParams: {
        acr_values: acr.join(' '),
        claims: JSON.stringify({ id_token: { acr: { essential: true, values: acr }, amr: { essential: true } } }),
      },
      getUserInfo: proconnectUserInfo(settings),
    }
  }
  if (settings.id === 'microsoft') {
    return { ...base, getUserInfo: entraUserInfo, accountSubject: ({ profile }) => `${profile.tid}:${profile.oid}` }
  }
  if (settings.id === 'france-travail') {
    return {
      ...base,
      authorizationUrl: settings.authorizationUrl,
      tokenUrl: settings.tokenUrl,
      userInfoUrl: settings.userInfoUrl,
      getUserInfo: franceTravailUserInfo,
    }
  }
  return base
}
