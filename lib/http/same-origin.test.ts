import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addressedHost, foreignOriginMessage, fromOwnOrigin } from './same-origin'

const post = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/referral-form/informations/x', { method: 'POST', body: 'a=1', headers })

beforeEach(() => {
  vi.stubEnv('BETTER_AUTH_URL', 'http://localhost:3000')
  vi.stubEnv('TRUSTED_PROXY_HOPS', '')
})
afterEach(() => vi.unstubAllEnvs())

describe('a page of the app itself: the origin the request was addressed to, or the app’s own address', () => {
  it('takes BETTER_AUTH_URL’s origin, and the origin of the name the page was opened under', () => {
    expect(fromOwnOrigin(post({ origin: 'http://localhost:3000', host: 'app:3000' }))).toBe(true)
    expect(fromOwnOrigin(post({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }))).toBe(true)
    expect(fromOwnOrigin(post({ origin: 'http://Passerelle.local:3000', host: 'passerelle.local:3000' }))).toBe(true)
  })

  it('refuses another port, another site, "null", no Origin, and an Origin that is not a web page', () => {
    expect(fromOwnOrigin(post({ origin: 'http://127.0.0.1:8765', host: '127.0.0.1:3000' }))).toBe(false)
    expect(fromOwnOrigin(post({ origin: 'https://evil.example', host: 'localhost:3000' }))).toBe(false)
    expect(fromOwnOrigin(post({ origin: 'null', host: 'localhost:3000' }))).toBe(false)
    expect(fromOwnOrigin(post({ host: 'localhost:3000' }))).toBe(false)
    expect(fromOwnOrigin(post({ origin: 'file://localhost:3000', host: 'localhost:3000' }))).toBe(false)
  })

  it('reads X-Forwarded-Host only behind trusted proxies: the entry the outermost one wrote', () => {
    const headers = new Headers({ host: 'app:3000', 'x-forwarded-host': 'forged.example, passerelle.example' })
    expect(addressedHost(headers, '')).toBe('app:3000')
    expect(addressedHost(headers, '1')).toBe('passerelle.example')
    expect(addressedHost(headers, '2')).toBe('forged.example')
    expect(addressedHost(headers, '3')).toBe('app:3000')
  })

  it('the plain-HTML forms follow the same rule, and name the app’s address to the person otherwise', () => {
    expect(foreignOriginMessage(post({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), '/f')).toBeNull()
    expect(foreignOriginMessage(post({ origin: 'https://evil.example', host: 'localhost:3000' }), '/f')).toBe(
      'Ce formulaire doit être ouvert à l’adresse http://localhost:3000/f\u00a0: ouvrez-le à cette adresse, puis envoyez-le de nouveau.',
    )
  })
})
