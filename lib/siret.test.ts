import { describe, expect, it } from 'vitest'
import { formatSiret, isValidSiret, normalizeSiret } from './siret'

// Expected answers worked out by hand with the Luhn algorithm and INSEE's La Poste rule, not by this module.
describe('SIRET', () => {
  it('accepts a SIRET whose Luhn key is right and refuses it once a digit changes', () => {
    expect(isValidSiret('73282932000074')).toBe(true)
    expect(isValidSiret('73282932000075')).toBe(false)
  })

  it('accepts La Poste’s establishments by their digit sum (a multiple of 5), and its head office by Luhn', () => {
    expect(isValidSiret('35600000000048')).toBe(true)
    expect(isValidSiret('35600000049837')).toBe(true)
    expect(isValidSiret('35600000049838')).toBe(false)
  })

  it('keeps the La Poste rule to La Poste: another SIREN whose digits sum to a multiple of 5 is refused', () => {
    expect(isValidSiret('12345678901234')).toBe(false)
  })

  it('refuses anything but 14 digits', () => {
    for (const value of ['', '7328293200007', '732829320000740', '7328293200007A', ' 73282932000074'])
      expect(isValidSiret(value), value).toBe(false)
  })

  it('normalises typed separators and prints the INSEE grouping', () => {
    expect(normalizeSiret('732 829 320 00074')).toBe('73282932000074')
    expect(normalizeSiret('732.829.320-00074')).toBe('73282932000074')
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074')
  })
})
