import { describe, expect, it } from 'vitest'
import { parisToday } from '@/lib/dates'
import { waitedMoreThanCutoff, waitingDays, waitingSentence } from './waiting-time'

describe('waitingSentence', () => {
  it('says today, one day (singular) and N days (plural, no-break space before the unit)', () => {
    // 10:00 Paris in November is 09:00 UTC.
    const madeAt = new Date('2026-11-16T09:00:00Z')
    expect(waitingSentence(madeAt, '2026-11-16')).toBe('En attente depuis aujourd’hui')
    expect(waitingSentence(madeAt, '2026-11-17')).toBe('En attente depuis 1\u00a0jour')
    expect(waitingSentence(madeAt, '2026-11-18')).toBe('En attente depuis 2\u00a0jours')
    expect(waitingSentence(madeAt, '2026-12-16')).toBe('En attente depuis 30\u00a0jours')
  })

  it('reads a date sent as JSON text like the Date itself', () => {
    expect(waitingSentence('2026-11-16T09:00:00.000Z', '2026-11-28')).toBe('En attente depuis 12\u00a0jours')
  })

  it('groups thousands the French way', () => {
    expect(waitingSentence(new Date('2023-11-28T09:00:00Z'), '2026-11-28')).toBe(
      'En attente depuis 1\u202f096\u00a0jours',
    )
  })

  it('counts Paris calendar days, not 24-hour periods: the evening before is one day, not zero', () => {
    // Monday 23:30 in Paris (22:30 UTC); Tuesday 00:10 is 40 minutes later.
    expect(waitingDays(new Date('2026-11-23T22:30:00Z'), '2026-11-24')).toBe(1)
    // 00:30 Paris on the 24th is still the 23rd in UTC: its own day in Paris.
    expect(waitingSentence(new Date('2026-11-23T23:30:00Z'), '2026-11-24')).toBe('En attente depuis aujourd’hui')
  })

  it('counts the 25-hour day of the autumn clock change (25 October 2026 in Paris) as one day', () => {
    // Made at 00:30 Paris on the 25th (UTC+2: 22:30 UTC on the 24th); at 23:50 Paris that day (UTC+1: 22:50 UTC),
    // 24 h 20 min have passed, yet it is the same Paris day.
    const madeAt = new Date('2026-10-24T22:30:00Z')
    const lateThatDay = new Date('2026-10-25T22:50:00Z')
    expect(parisToday(lateThatDay)).toBe('2026-10-25')
    expect(waitingSentence(madeAt, parisToday(lateThatDay))).toBe('En attente depuis aujourd’hui')
    expect(waitingSentence(madeAt, '2026-10-26')).toBe('En attente depuis 1\u00a0jour')
    // Made at 23:30 Paris on the 24th (21:30 UTC): the 25th is one day later, the 27th three.
    expect(waitingSentence(new Date('2026-10-24T21:30:00Z'), '2026-10-25')).toBe('En attente depuis 1\u00a0jour')
    expect(waitingSentence(new Date('2026-10-24T21:30:00Z'), '2026-10-27')).toBe('En attente depuis 3\u00a0jours')
  })

  it('counts the 23-hour day of the spring clock change (29 March 2026) as one day', () => {
    // 23:30 Paris on 28 March (UTC+1: 22:30 UTC); 23:10 Paris on the 29th (UTC+2: 21:10 UTC) is 22 h 40 min later.
    const madeAt = new Date('2026-03-28T22:30:00Z')
    expect(parisToday(new Date('2026-03-29T21:10:00Z'))).toBe('2026-03-29')
    expect(waitingSentence(madeAt, '2026-03-29')).toBe('En attente depuis 1\u00a0jour')
  })

  it('never counts a prescription dated after today as waiting', () => {
    expect(waitingSentence(new Date('2026-11-30T09:00:00Z'), '2026-11-28')).toBe('En attente depuis aujourd’hui')
  })
})

describe('waitedMoreThanCutoff', () => {
  it('is midnight in Paris N calendar days ago, on either side of the clock change', () => {
    // Midnight on 25 October is still summer time (UTC+2); midnight on the 26th is winter time (UTC+1).
    expect(waitedMoreThanCutoff('2026-10-27', 2).toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(waitedMoreThanCutoff('2026-10-28', 2).toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })

  it('separates the prescriptions waiting more than N days from the others, as the sentence counts them', () => {
    const today = '2026-10-27'
    const cutoff = waitedMoreThanCutoff(today, 2)
    expect(waitingDays(new Date(cutoff.getTime() - 1), today)).toBe(3)
    expect(waitingDays(cutoff, today)).toBe(2)
  })
})
