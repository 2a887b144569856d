import { describe, expect, it } from 'vitest'
import { toSmsNumber } from './mobile-number'

describe('toSmsNumber', () => {
  it.each([
    ['06 12 34 56 78', '+33612345678'],
    ['0612345678', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033612345678', '+33612345678'],
    ['07 81 23 45 67', '+33781234567'],
    // Overseas départements, from their national form and their international one.
    ['0692 12 34 56', '+262692123456'],
    ['+262 692 12 34 56', '+262692123456'],
    ['0690 12 34 56', '+590690123456'],
    ['0694 12 34 56', '+594694123456'],
    ['0696 12 34 56', '+596696123456'],
    ['0639 21 23 45', '+262639212345'],
    ['+262 639 21 23 45', '+262639212345'],
  ])('accepts the mobile %s as %s', (raw, e164) => {
    expect(toSmsNumber(raw)).toBe(e164)
  })

  it.each([
    ['a landline', '02 35 12 34 56'],
    ['a landline of La Réunion', '0262 12 34 56'],
    ['an incomplete number', '06 12 34'],
    ['a British mobile', '+44 7911 123456'],
    ['a mobile of the Comoros (+269 has not been Mayotte’s since 2007)', '+269 321 23 45'],
    ['letters', 'pas un numéro'],
    ['nothing', ''],
    ['null', null],
    ['a huge string', '0'.repeat(10_000)],
  ])('refuses %s', (_what, raw) => {
    expect(toSmsNumber(raw)).toBeNull()
  })
})
