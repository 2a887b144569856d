import { describe, expect, it } from 'vitest'
import { safeCallbackPath } from './callback-url'

describe('safeCallbackPath', () => {
  it('keeps a path of the site, with its query', () => {
    expect(safeCallbackPath('/v2/candidates/dashboard?tab=2')).toBe('/v2/candidates/dashboard?tab=2')
  })

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'evil.example', '/api/auth/sign-out', ''])(
    'refuses %j',
    (value) => {
      expect(safeCallbackPath(value)).toBeNull()
    },
  )
})
