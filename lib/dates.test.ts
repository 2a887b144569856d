import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isCalendarDate } from './calendar-date'
import {
  addCalendarDays,
  addElapsedDays,
  addMonths,
  calendarDaysBetween,
  DAY_MS,
  elapsedDaysBetween,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatTime,
  formatTimeInText,
  isDateTimeInput,
  parisClock,
  parisDateTimeToInstant,
  parisInstant,
  parisToday,
  weekdayOf,
} from './dates'

describe('Paris time', () => {
  it('knows the Paris day and month of an instant', () => {
    expect(parisToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
    expect(parisToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30')
    // Both sides of midnight on the days the clocks change (UTC+1 in winter, UTC+2 in summer).
    expect(parisToday(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28')
    expect(parisToday(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29')
    expect(parisToday(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29')
    expect(parisToday(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30')
    expect(parisToday(new Date('2026-10-24T21:59:00Z'))).toBe('2026-10-24')
    expect(parisToday(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25')
    expect(parisToday(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25')
    expect(parisToday(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26')
  })
  it('turns a Paris wall-clock time into its instant, both sides of the clock changes', () => {
    expect(parisInstant('2026-11-01', 0).toISOString()).toBe('2026-10-31T23:00:00.000Z')
    expect(parisInstant('2026-03-20', 12 * 60).toISOString()).toBe('2026-03-20T11:00:00.000Z')
    expect(parisDateTimeToInstant('2026-07-01T02:30').toISOString()).toBe('2026-07-01T00:30:00.000Z')
    // 29 March 2026, 02:30 does not exist in Paris: read as 03:30 summer time, after the change.
    expect(parisDateTimeToInstant('2026-03-29T02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z')
    // 25 October 2026, 02:30 happens twice: the second one, winter time.
    expect(parisDateTimeToInstant('2026-10-25T02:30').toISOString()).toBe('2026-10-25T01:30:00.000Z')
  })
})

describe('days, counted two ways', () => {
  // Sunday 29 March 2026 lasts 23 hours in Paris (clocks go forward at 02:00).
  it('counts calendar days on Paris calendars, whatever the hour', () => {
    expect(calendarDaysBetween('2026-11-20', '2026-11-27')).toBe(7)
    expect(calendarDaysBetween(new Date('2026-11-20T22:30:00Z'), new Date('2026-11-20T23:10:00Z'))).toBe(1)
    expect(calendarDaysBetween(new Date('2026-03-28T12:00:00Z'), '2026-03-30')).toBe(2)
    expect(calendarDaysBetween('2026-03-30', '2026-03-28')).toBe(-2)
  })
  it('counts elapsed days as whole 24-hour periods', () => {
    expect(elapsedDaysBetween(new Date('2026-11-20T22:30:00Z'), new Date('2026-11-20T23:10:00Z'))).toBe(0)
    expect(elapsedDaysBetween('2026-11-20T10:00:00Z', new Date('2026-11-27T09:59:00Z'))).toBe(6)
    expect(elapsedDaysBetween('2026-11-20T10:00:00Z', new Date('2026-11-27T10:00:00Z'))).toBe(7)
  })
  it('adds days of either kind', () => {
    expect(addCalendarDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect([addMonths('2026-11', 3), addMonths('2026-01', -1), addMonths('2026-12', 0)]).toEqual([
      '2027-02',
      '2025-12',
      '2026-12',
    ])
    expect(addElapsedDays(new Date('2026-03-28T12:00:00Z'), 2).toISOString()).toBe('2026-03-30T12:00:00.000Z')
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000)
  })
  it('knows the weekday and the minute a Paris clock shows', () => {
    expect(weekdayOf('2026-11-23')).toBe(1)
    expect(weekdayOf('2026-11-29')).toBe(7)
    expect(parisClock(new Date('2026-11-29T22:30:00Z'))).toEqual({
      date: '2026-11-29',
      minute: 23 * 60 + 30,
      weekday: 7,
    })
  })
})

describe('typed dates', () => {
  it('knows a calendar date that exists', () => {
    expect(['2028-02-29', '2026-04-30'].map(isCalendarDate)).toEqual([true, true])
    expect(['2026-02-29', '2026-04-31', '2026-4-3', '03/04/2026'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
  it('knows a datetime-local value that names a real day and time', () => {
    expect(isDateTimeInput('2026-11-25T09:30')).toBe(true)
    expect(
      ['2026-02-30T10:00', '2026-11-25T24:00', '2026-11-25 09:30', '2026-11-25T9:30'].map(isDateTimeInput),
    ).toEqual([false, false, false, false])
  })
})

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

// Times HH:mm on every screen, in Paris time whatever the host's zone.
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
  it('writes the Paris day out, as a greeting says it', () => {
    expect(formatLongDay(new Date('2026-11-26T23:30:00Z'))).toBe('vendredi 27 novembre')
  })
})
