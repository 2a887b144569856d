import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offerValidityLabel } from './validity-label'

const offer = (serviceStartDate: string | null, serviceEndDate: string | null) => ({ serviceStartDate, serviceEndDate })

// Spec §4: 'Offre expirée' if the end date is past; 'Permanente' with neither start nor end;
// otherwise 'start - end' in dd/mm/yyyy (Europe/Paris) with '...' for a missing bound.
// The host's time zone must not matter: every case runs under zones on both sides of Paris.
describe.each(['UTC', 'America/New_York', 'Pacific/Auckland'])('offerValidityLabel (host time zone %s)', (zone) => {
  const previousZone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = zone
  })
  afterAll(() => {
    process.env.TZ = previousZone
  })

  const now = new Date('2026-06-15T10:00:00Z')

  it("says 'Permanente' when the offer has neither start nor end date", () => {
    expect(offerValidityLabel(offer(null, null), now)).toBe('Permanente')
  })

  it('prints both bounds as dd/mm/yyyy', () => {
    expect(offerValidityLabel(offer('2026-01-05', '2028-12-31'), now)).toBe('05/01/2026 - 31/12/2028')
  })

  it("prints '...' for a missing end date", () => {
    expect(offerValidityLabel(offer('2026-01-01', null), now)).toBe('01/01/2026 - ...')
  })

  it("prints '...' for a missing start date", () => {
    expect(offerValidityLabel(offer(null, '2027-03-09'), now)).toBe('... - 09/03/2027')
  })

  it('prints the range of an offer that has not started yet', () => {
    expect(offerValidityLabel(offer('2026-09-01', '2026-12-31'), now)).toBe('01/09/2026 - 31/12/2026')
  })

  it("says 'Offre expirée' once the end date is past, with or without a start date", () => {
    expect(offerValidityLabel(offer('2025-03-01', '2025-06-30'), now)).toBe('Offre expirée')
    expect(offerValidityLabel(offer(null, '2026-06-14'), now)).toBe('Offre expirée')
  })

  describe('the Paris-midnight edge', () => {
    it('keeps an offer ending today in Paris valid', () => {
      // 12:00 UTC on 31 March is 14:00 in Paris, the same day.
      expect(offerValidityLabel(offer('2026-01-01', '2026-03-31'), new Date('2026-03-31T12:00:00Z'))).toBe(
        '01/01/2026 - 31/03/2026',
      )
    })

    it('expires an offer ending on the 31st at 23:30 UTC, already 1 April in Paris (summer time, UTC+2)', () => {
      expect(offerValidityLabel(offer('2026-01-01', '2026-03-31'), new Date('2026-03-31T23:30:00Z'))).toBe(
        'Offre expirée',
      )
    })

    it('expires an offer ending on 31 December at 23:30 UTC, already 1 January in Paris (winter time, UTC+1)', () => {
      expect(offerValidityLabel(offer(null, '2026-12-31'), new Date('2026-12-31T23:30:00Z'))).toBe('Offre expirée')
    })

    it('keeps it valid at 22:30 UTC on 31 December, still 23:30 in Paris', () => {
      expect(offerValidityLabel(offer(null, '2026-12-31'), new Date('2026-12-31T22:30:00Z'))).toBe('... - 31/12/2026')
    })

    it('switches at exactly 22:00 UTC in summer: 23:59:59 valid, 00:00 Paris expired', () => {
      expect(offerValidityLabel(offer(null, '2026-07-31'), new Date('2026-07-31T21:59:59Z'))).toBe('... - 31/07/2026')
      expect(offerValidityLabel(offer(null, '2026-07-31'), new Date('2026-07-31T22:00:00Z'))).toBe('Offre expirée')
    })

    it('does not expire early when UTC is still on the previous day', () => {
      // 00:30 UTC on 1 August is 02:30 in Paris, 1 August: an offer ending 1 August is valid all that day.
      expect(offerValidityLabel(offer(null, '2026-08-01'), new Date('2026-08-01T00:30:00Z'))).toBe('... - 01/08/2026')
    })
  })
})
