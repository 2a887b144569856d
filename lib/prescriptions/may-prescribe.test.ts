import { describe, expect, it } from 'vitest'
import { PARTNER_ROLE } from '@/lib/permissions'
import { mayPrescribe } from './may-prescribe'

const referent = { role: 'referent', organisationId: 'o-1' }
const NOW = new Date('2026-11-24T10:00:00Z')

describe('mayPrescribe', () => {
  it('lets an organisation’s user holding candidate.prescribe prescribe, to an offer that has not expired', () => {
    expect(mayPrescribe(referent)).toBe(true)
    expect(mayPrescribe(referent, { serviceEndDate: null }, NOW)).toBe(true)
    expect(mayPrescribe(referent, { serviceEndDate: '2026-11-24' }, NOW)).toBe(true)
    expect(mayPrescribe(referent, { serviceEndDate: '2026-11-23' }, NOW)).toBe(false)
  })

  it('refuses a partner, a user without the permission, and nobody', () => {
    expect(mayPrescribe({ role: PARTNER_ROLE, organisationId: null })).toBe(false)
    expect(mayPrescribe({ ...referent, permissions: ['candidate.visualize'] })).toBe(false)
    expect(mayPrescribe({ ...referent, organisationId: null })).toBe(false)
    expect(mayPrescribe(null)).toBe(false)
  })
})
