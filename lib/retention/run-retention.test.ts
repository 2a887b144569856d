import { describe, expect, it } from 'vitest'
import { retentionPeriodText } from './period-text'
import { nextRetentionRun } from './run-retention'

describe('the nightly retention run', () => {
  it('runs at 02:30 in Paris: today when not yet past, else tomorrow (winter, UTC+1)', () => {
    expect(nextRetentionRun(new Date('2026-11-24T01:00:00Z')).toISOString()).toBe('2026-11-24T01:30:00.000Z')
    expect(nextRetentionRun(new Date('2026-11-24T01:30:00Z')).toISOString()).toBe('2026-11-25T01:30:00.000Z')
    expect(nextRetentionRun(new Date('2026-11-24T22:00:00Z')).toISOString()).toBe('2026-11-25T01:30:00.000Z')
  })

  it('follows Paris summer time (UTC+2) and the night the clocks go forward', () => {
    expect(nextRetentionRun(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T00:30:00.000Z')
    // 29 March 2026: 02:00 becomes 03:00 in Paris, so 02:30 does not exist that night; the run still falls on the 29th,
    // between midnight and 04:00 in Paris (22:00 and 02:00 UTC on the clocks' two sides).
    const run = nextRetentionRun(new Date('2026-03-28T12:00:00Z'))
    expect(run.getTime()).toBeGreaterThan(Date.parse('2026-03-28T23:00:00Z'))
    expect(run.getTime()).toBeLessThan(Date.parse('2026-03-29T02:00:00Z'))
  })
})

describe('the privacy policy’s retention sentence', () => {
  it('states the organisation’s own period in days and years', () => {
    expect(retentionPeriodText({ name: 'Département de Seine-Maritime', retentionDays: 1095 })).toBe(
      'Pour Département de Seine-Maritime, les données d’une personne accompagnée sans aucune activité (fiche, prescription, SMS) depuis 1\u202f095\u00a0jours (environ 3\u00a0ans) sont anonymisées automatiquement, chaque nuit.',
    )
  })

  it('states the default of 730 days to a reader outside any organisation', () => {
    expect(retentionPeriodText(null)).toContain('(730\u00a0jours (environ 2\u00a0ans) par défaut)')
  })
})
