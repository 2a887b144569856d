import { describe, expect, it } from 'vitest'
import { formatPhone, isPhoneNumber, phoneParts } from './phone'

describe('a phone number of France or an overseas département', () => {
  it.each([
    '06 12 34 56 78',
    '0612345678',
    '06.12.34.56.78',
    '06-12-34-56-78',
    '02 35 12 34 56',
    '+33 6 12 34 56 78',
    '+33 (0)6 12 34 56 78',
    '0033612345678',
    // La Réunion, Mayotte, Guadeloupe, Guyane, Martinique: national and international forms.
    '0692 12 34 56',
    '0693 12 34 56',
    '+262 692 12 34 56',
    '+262 639 12 34 56',
    '+590 690 12 34 56',
    '+594 694 12 34 56',
    '+596 696 12 34 56',
    '00262 262 12 34 56',
  ])('accepts %s', (raw) => {
    expect(isPhoneNumber(raw)).toBe(true)
  })

  it.each([
    ['an incomplete number', '06 12 34'],
    ['a digit too many', '06 12 34 56 78 9'],
    ['a national number starting 00', '0012345678'],
    ['a number of another country', '+44 7911 123456'],
    ['the Comoros (+269, no longer Mayotte’s since 2007)', '+269 321 23 45'],
    ['letters around a number', 'Tél. 06 12 34 56 78'],
    ['nothing', ''],
    ['a huge string', '0'.repeat(10_000)],
  ])('refuses %s', (_what, raw) => {
    expect(isPhoneNumber(raw)).toBe(false)
  })

  it('gives the parts: the calling code typed, if any, and the nine digits', () => {
    expect(phoneParts('06 12 34 56 78')).toEqual({ callingCode: null, national: '612345678' })
    expect(phoneParts('+262 692 12 34 56')).toEqual({ callingCode: '262', national: '692123456' })
    expect(phoneParts(null)).toBeNull()
  })
})

describe('formatPhone', () => {
  it('groups French numbers by two digits', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78')
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78')
    expect(formatPhone('0692123456')).toBe('06 92 12 34 56')
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78')
    expect(formatPhone('0033 6 12 34 56 78')).toBe('+33 6 12 34 56 78')
  })
  it('keeps an overseas zone together in the international form', () => {
    expect(formatPhone('+262692123456')).toBe('+262 692 12 34 56')
    expect(formatPhone('+596 696.12.34.56')).toBe('+596 696 12 34 56')
  })
  it('leaves other values as they are, and empty ones empty', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone('')).toBe('')
  })
})
