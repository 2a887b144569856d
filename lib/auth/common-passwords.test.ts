import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './common-passwords'

describe('isCommonPassword', () => {
  it('knows the most common passwords, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true)
    expect(isCommonPassword('AZERTY')).toBe(true)
    expect(isCommonPassword('Qwerty123456')).toBe(true)
  })

  it('sees through a predictable ending or decoration that only passes the composition rule', () => {
    expect(isCommonPassword('Azertyuiop1!')).toBe(true)
    expect(isCommonPassword('Motdepasse2026!')).toBe(true)
    expect(isCommonPassword('Password1234!')).toBe(true)
    expect(isCommonPassword('!Soleil-2026')).toBe(true)
  })

  it('accepts passwords that merely contain a common word', () => {
    expect(isCommonPassword('Passerelle-Demo-2026!')).toBe(false)
    expect(isCommonPassword('Soleil-de-Fecamp-76!')).toBe(false)
    expect(isCommonPassword('xK9#mQ2$vL7!pR')).toBe(false)
  })
})
