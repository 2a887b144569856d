import { describe, expect, it } from 'vitest'
import { CODE_ALPHABET, hashCode, newInvitationCode, normaliseCode } from './code'

describe('invitation codes', () => {
  it('are 8 signs of the alphabet, with no 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i++) {
      const code = newInvitationCode()
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
    }
    expect(CODE_ALPHABET).not.toMatch(/[0O1I]/)
    expect(CODE_ALPHABET).toHaveLength(32)
  })

  it('are read back as a person types them from a letter', () => {
    expect(normaliseCode('abcd efgh')).toBe('ABCDEFGH')
    expect(normaliseCode(' ABCD-EFGH ')).toBe('ABCDEFGH')
    expect(normaliseCode('ABCDEFG')).toBeNull()
    expect(normaliseCode('ABCDEFGO')).toBeNull()
    expect(normaliseCode('ABCDEF10')).toBeNull()
  })

  it('are kept as a keyed hash, never as typed', () => {
    process.env.BETTER_AUTH_SECRET ??= 'unit-secret-for-invitation-codes-0123456789'
    const h = hashCode('ABCDEFGH')
    expect(h).not.toContain('ABCDEFGH')
    expect(h).toHaveLength(43)
    expect(hashCode('ABCDEFGH')).toBe(h)
    expect(hashCode('ABCDEFGJ')).not.toBe(h)
  })
})
