import { describe, expect, it } from 'vitest'
import { loginPathFor, safeCallbackPath } from './callback-url'

const DEEP_LINK =
  '/offer/social/30000000-0000-4000-8000-000000000001?socialApplyId=40000000-0000-4000-8000-000000000001'

describe('safeCallbackPath', () => {
  it('keeps a path of the site, with its query', () => {
    expect(safeCallbackPath('/v2/candidates/dashboard?tab=2')).toBe('/v2/candidates/dashboard?tab=2')
    expect(safeCallbackPath(DEEP_LINK)).toBe(DEEP_LINK)
  })

  it.each([
    'https://evil.example/',
    'http:evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/api/auth/sign-out',
    '',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (value) => {
    expect(safeCallbackPath(value)).toBeNull()
  })

  it('never returns what a browser would read as another origin', () => {
    for (const value of ['/./evil', '/x/../y', '/%2F%2Fevil', '/?next=//evil', '/#//evil']) {
      const path = safeCallbackPath(value)
      expect(path === null || (path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')), value).toBe(
        true,
      )
    }
  })
})

describe('loginPathFor', () => {
  it('sends a signed-out visitor to the login page with the way back', () => {
    expect(loginPathFor(DEEP_LINK)).toBe(`/v2/login?callbackURL=${encodeURIComponent(DEEP_LINK)}`)
    expect(new URL(loginPathFor(DEEP_LINK), 'http://x.invalid').searchParams.get('callbackURL')).toBe(DEEP_LINK)
  })

  it('leaves out a return address that is not ours, or the home page', () => {
    for (const value of [undefined, null, '/', '//evil.example', 'https://evil.example/offer'])
      expect(loginPathFor(value)).toBe('/v2/login')
  })
})
