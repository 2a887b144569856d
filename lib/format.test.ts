import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY_VALUE, formatDate, formatDateTime, formatPhone, formatTime, formatTimeInText, orEmpty } from './format'

// Spec §9: dates in fr-FR (dd/mm/yyyy), time zone Europe/Paris. The host's zone must not matter.
describe.each(['UTC', 'America/New_York', 'Pacific/Auckland'])('formatDate (host time zone %s)', (zone) => {
  const previousZone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = zone
  })
  afterAll(() => {
    process.env.TZ = previousZone
  })

  describe('calendar dates', () => {
    it('prints a calendar date as dd/mm/yyyy without shifting it by a time zone', () => {
      expect(formatDate('2026-03-01')).toBe('01/03/2026')
      expect(formatDate('2026-01-01')).toBe('01/01/2026')
      expect(formatDate('2026-12-31')).toBe('31/12/2026')
    })

    it('keeps a birth date on its day', () => {
      expect(formatDate('1988-04-12')).toBe('12/04/1988')
    })
  })

  describe('instants, shown in Europe/Paris', () => {
    it('shows an instant of the UTC evening on the next Paris day (summer time, UTC+2)', () => {
      expect(formatDate(new Date('2026-03-31T23:30:00Z'))).toBe('01/04/2026')
      expect(formatDate(new Date('2026-06-15T21:59:59Z'))).toBe('15/06/2026')
      expect(formatDate(new Date('2026-06-15T22:00:00Z'))).toBe('16/06/2026')
    })

    it('shows an instant of the UTC evening on the next Paris day (winter time, UTC+1)', () => {
      expect(formatDate(new Date('2026-12-31T22:59:59Z'))).toBe('31/12/2026')
      expect(formatDate(new Date('2026-12-31T23:00:00Z'))).toBe('01/01/2027')
    })

    it('accepts an ISO timestamp string as an instant', () => {
      expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('01/01/2027')
      expect(formatDate('2026-10-02T09:30:00+00:00')).toBe('02/10/2026')
    })
  })

  describe('empty values', () => {
    it("prints '' for null, undefined and the empty string", () => {
      expect(formatDate(null)).toBe('')
      expect(formatDate(undefined)).toBe('')
      expect(formatDate('')).toBe('')
    })
  })
})

// Issue 32 §3: times HH:mm on every screen, in Paris time whatever the host's zone.
describe('formatTime and formatDateTime', () => {
  it('prints HH:mm with a colon and two-digit hours, winter and summer', () => {
    expect(formatTime(new Date('2026-01-15T07:05:00Z'))).toBe('08:05')
    expect(formatTime(new Date('2026-07-01T12:30:00Z'))).toBe('14:30')
    expect(formatTime('2026-07-01T22:00:00Z')).toBe('00:00')
  })
  it('prints dd/MM/yyyy à HH:mm, on the Paris day', () => {
    expect(formatDateTime(new Date('2026-01-15T23:05:00Z'))).toBe('16/01/2026 à 00:05')
    expect(formatDateTime(new Date('2026-07-01T12:30:00Z'))).toBe('01/07/2026 à 14:30')
    expect(formatDateTime('2026-07-01T12:30:00Z')).toBe('01/07/2026 à 14:30')
  })
  it("prints '' for an empty or invalid instant", () => {
    expect(formatTime(null)).toBe('')
    expect(formatDateTime(undefined)).toBe('')
    expect(formatDateTime('pas une date')).toBe('')
  })
  it('writes 14h30 in a sentence sent to a person', () => {
    expect(formatTimeInText(new Date('2026-12-03T13:00:00Z'))).toBe('14h00')
    expect(formatTimeInText(new Date('2026-07-01T07:30:00Z'))).toBe('09h30')
  })
})

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

describe('formatPhone', () => {
  it('groups French numbers by two digits', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78')
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78')
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78')
    expect(formatPhone('0033 6 12 34 56 78')).toBe('+33 6 12 34 56 78')
  })
  it('leaves other values as they are, and empty ones empty', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone('')).toBe('')
  })
})
