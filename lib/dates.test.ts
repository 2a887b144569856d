import { describe, expect, it } from 'vitest'
import { parisDateTimeToInstant, parisInstant, parisToday } from './dates'

// Issue 31 §3: the one Paris-time module (the pages, the exports' file names, the statistics' months, the retention run
// and the prescriptions' dates read it; date-fns-tz is left only in lib/sms/schemas.ts).
describe('Paris time', () => {
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
