import { describe, expect, it } from 'vitest'
import { digestPeriod, previousDigestInstant } from './digest-period'

describe('digestPeriod', () => {
  it('sends the daily digests on working days, the weekly ones on Monday too, nothing on weekends', () => {
    // 2026-11-30 is a Monday; 08:00 in Paris is 07:00 UTC in winter.
    expect(digestPeriod(new Date('2026-11-30T07:00:00Z'))).toEqual({ day: '2026-11-30', modes: ['daily', 'weekly'] })
    expect(digestPeriod(new Date('2026-12-01T07:00:00Z'))).toEqual({ day: '2026-12-01', modes: ['daily'] })
    expect(digestPeriod(new Date('2026-12-04T07:00:00Z'))).toEqual({ day: '2026-12-04', modes: ['daily'] })
    expect(digestPeriod(new Date('2026-12-05T07:00:00Z'))).toEqual({ day: '2026-12-05', modes: [] })
    expect(digestPeriod(new Date('2026-12-06T07:00:00Z'))).toEqual({ day: '2026-12-06', modes: [] })
  })

  it('reads the day in Paris: Sunday 23:30 UTC is already Monday there', () => {
    expect(digestPeriod(new Date('2026-11-29T23:30:00Z'))).toEqual({ day: '2026-11-30', modes: ['daily', 'weekly'] })
  })
})

describe('previousDigestInstant', () => {
  it('is the previous working day at 8:00 Paris for a daily digest, a week before for a weekly one', () => {
    expect(previousDigestInstant('2026-12-01', 'daily').toISOString()).toBe('2026-11-30T07:00:00.000Z')
    expect(previousDigestInstant('2026-11-30', 'daily').toISOString()).toBe('2026-11-27T07:00:00.000Z')
    expect(previousDigestInstant('2026-11-30', 'weekly').toISOString()).toBe('2026-11-23T07:00:00.000Z')
    // Across the clock change of 25 October 2026: 8:00 in summer is 06:00 UTC.
    expect(previousDigestInstant('2026-10-26', 'daily').toISOString()).toBe('2026-10-23T06:00:00.000Z')
  })
})
