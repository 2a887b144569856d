import { describe, expect, it } from 'vitest'
import { maskNir, NIR_MESSAGES, nirError, nirPrefixError } from './nir'

// Keys computed by hand (97 − n mod 97, 2A→19, 2B→18); the first is the example of the NIR's Wikipedia page.
const WOMAN_1955_08 = '2 55 08 14 168 025 38'
const MAN_1984_05 = '1 84 05 75 123 456 25'
const MAN_CORSICA_2A = '1 85 05 2A 123 456 33'
const WOMAN_CORSICA_2B = '2 85 12 2B 045 012 93'

describe('nirError', () => {
  it('accepts valid numbers, with or without spaces, including Corsica', () => {
    expect(nirError(WOMAN_1955_08)).toBeNull()
    expect(nirError(WOMAN_1955_08.replace(/ /g, ''))).toBeNull()
    expect(nirError(MAN_1984_05, 'M', '1984-05-17')).toBeNull()
    expect(nirError(MAN_CORSICA_2A, 'M', '1985-05-01')).toBeNull()
    expect(nirError(WOMAN_CORSICA_2B.toLowerCase(), 'F', '1985-12-31')).toBeNull()
  })

  it('refuses a wrong length, letters outside Corsica, a month 00 or a sex digit 5', () => {
    expect(nirError('2550814168025')).toBe(NIR_MESSAGES.format)
    expect(nirError('25508141680253800')).toBe(NIR_MESSAGES.format)
    expect(nirError('2 55 08 2C 168 025 38')).toBe(NIR_MESSAGES.format)
    expect(nirError('2 55 00 14 168 025 38')).toBe(NIR_MESSAGES.format)
    expect(nirError('5 55 08 14 168 025 38')).toBe(NIR_MESSAGES.format)
  })

  it('refuses a wrong key', () => {
    expect(nirError('2 55 08 14 168 025 39')).toBe(NIR_MESSAGES.key)
    expect(nirError('1 85 05 2B 123 456 33')).toBe(NIR_MESSAGES.key)
  })

  it('checks the gender, the birth year and the birth month', () => {
    expect(nirError(WOMAN_1955_08, 'M')).toBe(NIR_MESSAGES.gender)
    expect(nirError(WOMAN_1955_08, 'F', '1956-08-01')).toBe(NIR_MESSAGES.birthYear)
    expect(nirError(WOMAN_1955_08, 'F', '1955-09-01')).toBe(NIR_MESSAGES.birthMonth)
    expect(nirError(WOMAN_1955_08, 'F', '1955-08-30')).toBeNull()
  })
})

describe('maskNir', () => {
  it('shows only the sex, year and month of birth', () => {
    expect(maskNir('255081416802538')).toBe('2 55 08 •• ••• ••• ••')
  })
})

describe('nirPrefixError', () => {
  it('checks a kept NIR’s first five characters against the gender and birth date, as nirError does', () => {
    expect(nirPrefixError('25508', 'F', '1955-08-30')).toBeNull()
    expect(nirPrefixError('25508', 'M')).toBe(NIR_MESSAGES.gender)
    expect(nirPrefixError('25508', 'F', '1956-08-01')).toBe(NIR_MESSAGES.birthYear)
    expect(nirPrefixError('25508', 'F', '1955-09-01')).toBe(NIR_MESSAGES.birthMonth)
    // A month of 20 or more is issued when the month of birth is unknown: any month agrees.
    expect(nirPrefixError('18542', 'M', '1985-03-01')).toBeNull()
  })
})
