import { describe, expect, it } from 'vitest'
import { monthLabel, monthsBetween, parseStatisticsFilters, periodInstants } from './filters'

const NOW = new Date('2026-11-24T10:00:00Z')

describe('statistics filters', () => {
  it('defaults to the last 12 months, current month included, and everyone', () => {
    expect(parseStatisticsFilters({}, NOW)).toEqual({
      period: '12m',
      fromMonth: '2025-12',
      toMonth: '2026-11',
      referentId: null,
      structureId: null,
      offerId: null,
    })
  })

  it('reads the presets', () => {
    expect(parseStatisticsFilters({ period: '3m' }, NOW)).toMatchObject({ fromMonth: '2026-09', toMonth: '2026-11' })
    expect(parseStatisticsFilters({ period: 'year' }, NOW)).toMatchObject({ fromMonth: '2026-01', toMonth: '2026-11' })
    expect(parseStatisticsFilters({ period: 'lastYear' }, NOW)).toMatchObject({
      fromMonth: '2025-01',
      toMonth: '2025-12',
    })
  })

  it('takes a custom range of months, and falls back to the default on a bad one', () => {
    expect(parseStatisticsFilters({ period: 'custom', from: '2026-02', to: '2026-04' }, NOW)).toMatchObject({
      fromMonth: '2026-02',
      toMonth: '2026-04',
    })
    for (const bad of [
      { from: '2026-04', to: '2026-02' },
      { from: '2026-13', to: '2026-12' },
      { from: "2026-01'--", to: '2026-02' },
      { from: '1990-01', to: '2026-01' },
    ]) {
      expect(parseStatisticsFilters({ period: 'custom', ...bad }, NOW), JSON.stringify(bad)).toMatchObject({
        fromMonth: '2025-12',
        toMonth: '2026-11',
      })
    }
  })

  it('keeps only well-formed ids', () => {
    expect(
      parseStatisticsFilters({ structure: 'not-a-uuid', offer: '20000000-0000-4000-8000-000000000001' }, NOW),
    ).toMatchObject({ structureId: null, offerId: '20000000-0000-4000-8000-000000000001' })
  })

  it('turns a period into Paris instants, across the change of time', () => {
    // 1 March 2026 00:00 in Paris is 23:00 UTC the day before (winter); 1 May 00:00 is 22:00 UTC (summer).
    expect(periodInstants({ fromMonth: '2026-03', toMonth: '2026-04' })).toEqual({
      from: new Date('2026-02-28T23:00:00Z'),
      until: new Date('2026-04-30T22:00:00Z'),
    })
  })

  it('lists and names months in French', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthLabel('2026-08')).toBe('août 2026')
  })
})
