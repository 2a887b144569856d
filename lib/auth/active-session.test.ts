// better-call is the library better-auth signs its cookies with: an independent implementation of the format.
import { serializeSignedCookie } from 'better-call'
import { describe, expect, it } from 'vitest'
import { signedSessionToken } from './active-session'

const SECRET = 'unit-secret-0123456789abcdef0123456789'
const NAME = 'passerelle.session_token'

describe('signedSessionToken', () => {
  it('reads the token of a cookie signed by better-auth (better-call)', async () => {
    const cookie = (await serializeSignedCookie(NAME, 'tok3n-value', SECRET)).split(';')[0]
    expect(signedSessionToken(`other=1; ${cookie}; x=y`, NAME, SECRET)).toBe('tok3n-value')
  })

  it('refuses a wrong signature, another secret, a missing or unsigned cookie', async () => {
    const cookie = (await serializeSignedCookie(NAME, 'tok3n-value', SECRET)).split(';')[0]!
    const value = decodeURIComponent(cookie.slice(NAME.length + 1))
    const forged = `${'other-token'}.${value.slice(value.lastIndexOf('.') + 1)}`
    expect(signedSessionToken(`${NAME}=${encodeURIComponent(forged)}`, NAME, SECRET)).toBeNull()
    expect(
      signedSessionToken(`${NAME}=${encodeURIComponent(value)}`, NAME, 'another-secret-0123456789abcdef01234'),
    ).toBeNull()
    expect(signedSessionToken('other=1', NAME, SECRET)).toBeNull()
    expect(signedSessionToken(`${NAME}=tok3n-value`, NAME, SECRET)).toBeNull()
    expect(signedSessionToken(null, NAME, SECRET)).toBeNull()
    expect(signedSessionToken(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull()
  })
})
