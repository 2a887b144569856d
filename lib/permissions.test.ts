import { describe, expect, it } from 'vitest'
import { can, isPartnerUser, PERMISSIONS, partnerHome, permissionsOf, type Permission } from './permissions'

const fullPartner = { role: 'fullPartner' }
const counsellor = { role: 'counsellor' }
const referent = { role: 'referent' }
const admin = { role: 'admin' }

// Spec §6: what the partner role holds.
const PARTNER_PERMISSIONS: Permission[] = [
  'partner.fup.complete',
  'offers.social.prescription.operator',
  'offers.social.archive',
  'offers.social.filter',
]
const WORKSHOP_PERMISSIONS: Permission[] = ['workshops.modify', 'workshops.dashboard.visualize', 'workshops.visualize']

describe('role permissions', () => {
  it('gives fullPartner the partner permissions and not candidate.visualize', () => {
    for (const permission of PARTNER_PERMISSIONS) expect(can(fullPartner, permission), permission).toBe(true)
    expect(can(fullPartner, 'candidate.visualize')).toBe(false)
  })

  it('keeps the route-guarded pages from counsellors', () => {
    expect(can(counsellor, 'settings.exports.visualize')).toBe(false)
    expect(can(counsellor, 'homePage.visualize')).toBe(false)
    // Counsellors run workshops (the end-to-end has a counsellor create one).
    for (const permission of WORKSHOP_PERMISSIONS) expect(can(counsellor, permission), permission).toBe(true)
  })

  it('lets referents see candidates but gives them no partner permission', () => {
    expect(can(referent, 'candidate.visualize')).toBe(true)
    for (const permission of PARTNER_PERMISSIONS) expect(can(referent, permission), permission).toBe(false)
  })

  it('gives admin every permission', () => {
    expect(PERMISSIONS.length).toBeGreaterThan(0)
    for (const permission of PERMISSIONS) expect(can(admin, permission), permission).toBe(true)
  })

  it('gives an unknown role nothing (fail closed)', () => {
    expect(permissionsOf({ role: 'guest' }).size).toBe(0)
    expect(permissionsOf({ role: '' }).size).toBe(0)
    expect(permissionsOf({ role: 'toString' }).size).toBe(0)
    for (const permission of PERMISSIONS) expect(can({ role: 'superuser' }, permission), permission).toBe(false)
  })

  it('denies everything without a user', () => {
    expect(can(null, 'candidate.visualize')).toBe(false)
    expect(can(undefined, 'candidate.visualize')).toBe(false)
  })
})

describe('SMS permissions', () => {
  it('lets administrators, referents and counsellors send SMS, never a partner', () => {
    for (const user of [admin, referent, counsellor]) expect(can(user, 'candidate.sms.send'), user.role).toBe(true)
    expect(can(fullPartner, 'candidate.sms.send')).toBe(false)
  })

  it('keeps the SMS templates to administrators', () => {
    expect(can(admin, 'settings.templates.modify')).toBe(true)
    for (const user of [referent, counsellor, fullPartner])
      expect(can(user, 'settings.templates.modify'), user.role).toBe(false)
  })
})

describe('per-user permissions', () => {
  it('replace the role permissions when set', () => {
    const user = { role: 'counsellor', permissions: ['settings.exports.visualize'] }
    expect(can(user, 'settings.exports.visualize')).toBe(true)
    expect(can(user, 'candidate.visualize')).toBe(false)
  })

  it('can take everything from an admin with an empty list', () => {
    const user = { role: 'admin', permissions: [] }
    for (const permission of PERMISSIONS) expect(can(user, permission), permission).toBe(false)
  })

  it('fall back to the role permissions when unset', () => {
    expect(can({ role: 'referent', permissions: null }, 'candidate.visualize')).toBe(true)
    expect(can({ role: 'referent', permissions: undefined }, 'homePage.visualize')).toBe(true)
  })

  it('ignore names that are not permissions', () => {
    expect([...permissionsOf({ role: 'counsellor', permissions: ['everything', 'homePage.visualize'] })]).toEqual([
      'homePage.visualize',
    ])
  })
})

describe('partnerHome', () => {
  it('sends fullPartner users to the structure dashboard', () => {
    expect(partnerHome(fullPartner)).toBe('/partners/structure/dashboard')
  })

  it('sends every other user to the default partner page', () => {
    for (const user of [admin, referent, counsellor, { role: 'guest' }]) {
      expect(partnerHome(user), user.role).toBe('/partners/structure/default')
    }
  })
})

describe('following the whole organisation', () => {
  it('is the administrators’ by default, and no other role’s', () => {
    expect(can(admin, 'candidate.organisation.follow')).toBe(true)
    for (const user of [referent, counsellor, fullPartner])
      expect(can(user, 'candidate.organisation.follow'), user.role).toBe(false)
  })

  it('can be granted to another role by the organisation, and taken from its administrators', () => {
    const granted = ['candidate.visualize', 'candidate.organisation.follow']
    expect(can({ role: 'referent', rolePermissions: granted }, 'candidate.organisation.follow')).toBe(true)
    expect(can({ role: 'admin', rolePermissions: ['candidate.visualize'] }, 'candidate.organisation.follow')).toBe(
      false,
    )
  })
})

describe('isPartnerUser', () => {
  it('tells a partner structure’s user from an organisation’s staff', () => {
    expect(isPartnerUser(fullPartner)).toBe(true)
    for (const user of [admin, referent, counsellor, { role: '' }]) expect(isPartnerUser(user), user.role).toBe(false)
  })
})
