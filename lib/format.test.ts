import { describe, expect, it } from 'vitest'
import { EMPTY_VALUE, orEmpty } from './format'

describe('an empty value', () => {
  it('is an en dash, never a hyphen', () => {
    expect(EMPTY_VALUE).toBe('\u2013')
    expect(orEmpty(null)).toBe('–')
    expect(orEmpty(undefined)).toBe('–')
    expect(orEmpty('')).toBe('–')
    expect(orEmpty('   ')).toBe('–')
  })
  it('leaves a value as it is, zero included', () => {
    expect(orEmpty('Refus du bénéficiaire')).toBe('Refus du bénéficiaire')
    expect(orEmpty(0)).toBe('0')
  })
})
