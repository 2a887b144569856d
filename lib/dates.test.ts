import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate } from './dates'

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
