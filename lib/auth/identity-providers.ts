import { PROCONNECT_BASE_ACR, PROCONNECT_MFA_ACR } from './provider-mfa'

/**
 * The identity providers of the login page (spec §2: Google, Microsoft, ProConnect, Pôle Emploi), each
 * offered only when its settings are present (README, "Settings"). Read from the environment at start.
 */
export const PROVIDER_IDS = ['google', 'microsoft', 'proconnect', 'france-travail'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]

export const PROVIDER_LABEL_KEYS = {
  google: 'providerGoogle',
  microsoft: 'providerMicrosoft',
  proconnect: 'providerProconnect',
  'france-travail': 'providerFranceTravail',
} as const satisfies Record<ProviderId, string>

export type ProviderSettings = {
  id: ProviderId
  clientId: string
  clientSecret: string
  /** OpenID Connect discovery document (issuer, endpoints, signing keys). */
  discoveryUrl: string
  scopes: string[]
  /**
   * ProConnect: the acceptable `acr` values (PROCONNECT_ACR_VALUES), checked in the ID token; asked for with the
   * levels that carry a second factor first (lib/auth/oidc-config.ts).
   */
  acrValues?: string[]
  /** France Travail: the realm, sent in the query string of the authorization and token endpoints. */
  realm?: string
  authorizationUrl?: string
  tokenUrl?: string
  userInfoUrl?: string
}

type Env = Record<string, string | undefined>

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

const withQuery = (url: string, key: string, value: string) => {
  const u = new URL(url)
  u.searchParams.set(key, value)
  return u.toString()
}

/** The providers whose client id and secret are set, in the order of the login page. */
export function configuredProviders(env: Env = process.env): ProviderSettings[] {
  const providers: ProviderSettings[] = []
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      discoveryUrl: `${(env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, '')}/.well-known/openid-configuration`,
      scopes: ['openid', 'email', 'profile'],
    })
  }
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET && env.MICROSOFT_TENANT_ID) {
    // One tenant, so that the ID token's issuer is known and checked; accounts are keyed on tenant + object id.
    const authority = (env.MICROSOFT_AUTHORITY ?? 'https://login.microsoftonline.com').replace(/\/+$/, '')
    providers.push({
      id: 'microsoft',
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: env.MICROSOFT_CLIENT_SECRET,
      discoveryUrl: `${authority}/${env.MICROSOFT_TENANT_ID}/v2.0/.well-known/openid-configuration`,
      scopes: ['openid', 'email', 'profile'],
    })
  }
  if (env.PROCONNECT_CLIENT_ID && env.PROCONNECT_CLIENT_SECRET && env.PROCONNECT_ISSUER) {
    providers.push({
      id: 'proconnect',
      clientId: env.PROCONNECT_CLIENT_ID,
      clientSecret: env.PROCONNECT_CLIENT_SECRET,
      discoveryUrl: `${env.PROCONNECT_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      scopes: list(env.PROCONNECT_SCOPES, 'openid email given_name usual_name uid siret'),
      acrValues: list(env.PROCONNECT_ACR_VALUES, [...PROCONNECT_MFA_ACR, ...PROCONNECT_BASE_ACR].join(' ')),
    })
  }
  if (env.FRANCE_TRAVAIL_CLIENT_ID && env.FRANCE_TRAVAIL_CLIENT_SECRET) {
    const issuer = (
      env.FRANCE_TRAVAIL_ISSUER ?? 'https://authentification-candidat.francetravail.fr/connexion/oauth2'
    ).replace(/\/+$/, '')
    const realm = env.FRANCE_TRAVAIL_REALM ?? '/individu'
    providers.push({
      id: 'france-travail',
      clientId: env.FRANCE_TRAVAIL_CLIENT_ID,
      clientSecret: env.FRANCE_TRAVAIL_CLIENT_SECRET,
      discoveryUrl:
        env.FRANCE_TRAVAIL_DISCOVERY_URL ?? `${issuer}/realms/root/realms${realm}/.well-known/openid-configuration`,
      scopes: list(
        env.FRANCE_TRAVAIL_SCOPES,
        `openid email profile api_peconnect-individuv1 application_${env.FRANCE_TRAVAIL_CLIENT_ID}`,
      ),
      realm,
      authorizationUrl: withQuery(env.FRANCE_TRAVAIL_AUTHORIZATION_URL ?? `${issuer}/authorize`, 'realm', realm),
      tokenUrl: withQuery(env.FRANCE_TRAVAIL_TOKEN_URL ?? `${issuer}/access_token`, 'realm', realm),
      userInfoUrl: env.FRANCE_TRAVAIL_USERINFO_URL,
    })
  }
  return providers
}

/**
 * The origins the browser is sent to by a form (sign-in with a provider, ProConnect's logout): the page's
 * form-action must list them. Derived from the settings, so a test provider on loopback is covered too.
 */
export function providerOrigins(env: Env = process.env): string[] {
  const origins = new Set<string>()
  for (const p of configuredProviders(env)) {
    for (const url of [p.discoveryUrl, p.authorizationUrl]) if (url) origins.add(new URL(url).origin)
  }
  return [...origins]
}
