import { describe, expect, it } from 'vitest'
import { configuredProviders, providerOrigins } from './identity-providers'

const full = {
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'gs',
  MICROSOFT_CLIENT_ID: 'm',
  MICROSOFT_CLIENT_SECRET: 'ms',
  MICROSOFT_TENANT_ID: 'tenant-1',
  PROCONNECT_CLIENT_ID: 'p',
  PROCONNECT_CLIENT_SECRET: 'ps',
  PROCONNECT_ISSUER: 'https://auth.agentconnect.gouv.fr/api/v2',
  FRANCE_TRAVAIL_CLIENT_ID: 'f',
  FRANCE_TRAVAIL_CLIENT_SECRET: 'fs',
}

describe('configuredProviders', () => {
  it('offers no provider without settings', () => {
    expect(configuredProviders({})).toEqual([])
  })

  it('offers a provider only when all of its settings are present', () => {
    expect(configuredProviders({ GOOGLE_CLIENT_ID: 'g' })).toEqual([])
    expect(configuredProviders({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 'ms' })).toEqual([])
    expect(configuredProviders({ PROCONNECT_CLIENT_ID: 'p', PROCONNECT_CLIENT_SECRET: 'ps' })).toEqual([])
    expect(configuredProviders(full).map((p) => p.id)).toEqual(['google', 'microsoft', 'proconnect', 'france-travail'])
  })

  it('ProConnect: discovery under its issuer, its levels with and without a second factor by default, or the configured ones', () => {
    const [proconnect] = configuredProviders({
      ...full,
      GOOGLE_CLIENT_ID: undefined,
      MICROSOFT_CLIENT_ID: undefined,
      FRANCE_TRAVAIL_CLIENT_ID: undefined,
    })
    expect(proconnect!.discoveryUrl).toBe('https://auth.agentconnect.gouv.fr/api/v2/.well-known/openid-configuration')
    expect(proconnect!.acrValues).toEqual([
      'eidas2',
      'eidas3',
      'https://proconnect.gouv.fr/assurance/self-asserted-2fa',
      'https://proconnect.gouv.fr/assurance/consistency-checked-2fa',
      'eidas1',
      'https://proconnect.gouv.fr/assurance/self-asserted',
      'https://proconnect.gouv.fr/assurance/consistency-checked',
    ])
    expect(
      configuredProviders({ ...full, PROCONNECT_ACR_VALUES: 'eidas2 eidas3' }).find((p) => p.id === 'proconnect')!
        .acrValues,
    ).toEqual(['eidas2', 'eidas3'])
  })

  it('Microsoft: one tenant; France Travail: the realm in the query string of the authorization and token endpoints', () => {
    const providers = configuredProviders({ ...full, FRANCE_TRAVAIL_REALM: '/agent' })
    expect(providers.find((p) => p.id === 'microsoft')!.discoveryUrl).toBe(
      'https://login.microsoftonline.com/tenant-1/v2.0/.well-known/openid-configuration',
    )
    const ft = providers.find((p) => p.id === 'france-travail')!
    expect(new URL(ft.authorizationUrl!).searchParams.get('realm')).toBe('/agent')
    expect(new URL(ft.tokenUrl!).searchParams.get('realm')).toBe('/agent')
  })

  it('lists the origins the login forms may lead to', () => {
    expect(providerOrigins(full)).toEqual([
      'https://accounts.google.com',
      'https://login.microsoftonline.com',
      'https://auth.agentconnect.gouv.fr',
      'https://authentification-candidat.francetravail.fr',
    ])
  })
})
