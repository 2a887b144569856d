import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, newNonce } from './headers'

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('contentSecurityPolicy', () => {
  it('allows scripts by nonce only, and closes objects, base and framing', () => {
    const d = directives(contentSecurityPolicy({ nonce: 'abc' }))
    expect(d['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"])
    expect(d['object-src']).toEqual(["'none'"])
    expect(d['base-uri']).toEqual(["'none'"])
    expect(d['frame-ancestors']).toEqual(["'none'"])
    expect(d['frame-src']).toContain('blob:')
    expect(d['script-src']).not.toContain("'unsafe-inline'")
    expect(d['script-src']).not.toContain("'unsafe-eval'")
  })

  it('lets forms lead to the identity providers, and upgrades requests over https', () => {
    const d = directives(contentSecurityPolicy({ nonce: 'n', formTargets: ['https://auth.example'], https: true }))
    expect(d['form-action']).toEqual(["'self'", 'https://auth.example'])
    expect(d['upgrade-insecure-requests']).toEqual([])
  })
})

describe('newNonce', () => {
  it('is fresh and 128 bits long', () => {
    const a = newNonce()
    expect(a).not.toBe(newNonce())
    expect(Buffer.from(a, 'base64')).toHaveLength(16)
  })
})
