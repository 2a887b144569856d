import { describe, expect, it } from 'vitest'
import { monthsBetween } from './filters'
import { monthTickLines, monthTicks } from './month-axis'

describe('the statistics’ month axis', () => {
  const year = monthsBetween('2025-12', '2026-11')

  it('labels every month when they fit, from the first month of the period', () => {
    expect(monthTicks(year, 12)).toEqual(year)
    expect(monthTicks(['2026-11'], 6)).toEqual(['2026-11'])
  })

  it('labels one month in two (or more) on a phone, always starting at the first month', () => {
    expect(monthTicks(year, 6)).toEqual(['2025-12', '2026-02', '2026-04', '2026-06', '2026-08', '2026-10'])
    const twoYears = monthsBetween('2024-12', '2026-11')
    expect(monthTicks(twoYears, 6)).toEqual(['2024-12', '2025-04', '2025-08', '2025-12', '2026-04', '2026-08'])
    expect(monthTicks(twoYears, 12)[0]).toBe('2024-12')
  })

  it('gives the year on the first label and on each January', () => {
    const ticks = monthTicks(year, 12)
    expect(monthTickLines('2025-12', ticks)).toEqual(['déc.', '2025'])
    expect(monthTickLines('2026-01', ticks)).toEqual(['janv.', '2026'])
    expect(monthTickLines('2026-02', ticks)).toEqual(['févr.'])
  })
})
