import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, parisDateTimeToInstant, parisInstant, parisToday } from './dates'

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

// Issue 31 §3: the one Paris-time module (the pages, the exports' file names, the statistics' months, the retention run
// and the prescriptions' dates read it; date-fns-tz is left only in lib/sms/schemas.ts).
describe('Paris time', () => {
  it('formats an instant as dd/MM/yyyy à HH:mm, winter and summer', () => {
    expect(formatDateTime(new Date('2026-01-15T23:05:00Z'))).toBe('16/01/2026 à 00:05')
    expect(formatDateTime(new Date('2026-07-01T12:30:00Z'))).toBe('01/07/2026 à 14:30')
    expect(formatDateTime('2026-07-01T12:30:00Z')).toBe('01/07/2026 à 14:30')
  })
  it('knows the Paris day and month of an instant', () => {
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
    expect(parisToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30')
  })
  it('turns a Paris wall-clock time into its instant, both sides of the clock changes', () => {
    expect(parisInstant('2026-11-01', 0).toISOString()).toBe('2026-10-31T23:00:00.000Z')
    expect(parisInstant('2026-03-20', 12 * 60).toISOString()).toBe('2026-03-20T11:00:00.000Z')
    expect(parisDateTimeToInstant('2026-07-01T02:30').toISOString()).toBe('2026-07-01T00:30:00.000Z')
    // 29 March 2026, 02:30 does not exist in Paris: read as 03:30 summer time, after the change.
    expect(parisDateTimeToInstant('2026-03-29T02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z')
    // 25 October 2026, 02:30 happens twice: the second one, winter time (as date-fns-tz read it).
    expect(parisDateTimeToInstant('2026-10-25T02:30').toISOString()).toBe('2026-10-25T01:30:00.000Z')
  })
})
