import { describe, expect, it } from 'vitest'
import { navigationFor } from './navigation'

const keysOf = (user: Parameters<typeof navigationFor>[0]) => navigationFor(user).map((item) => item.key)

describe('navigationFor', () => {
  it('lists Exports once for an administrator: on the settings hub, not beside "Paramètres"', () => {
    const keys = keysOf({
      role: 'admin',
      permissions: ['settings.visualize', 'settings.exports.visualize'],
      organisationId: 'o',
    })
    expect(keys).toContain('settings')
    expect(keys).not.toContain('exports')
  })
  it('keeps Exports in the menu of a user who may export but has no settings hub', () => {
    const keys = keysOf({ role: 'referent', permissions: ['settings.exports.visualize'], organisationId: 'o' })
    expect(keys).toContain('exports')
    expect(keys).not.toContain('settings')
  })
  it('names a partner’s own structure "Ma structure" and leads it to its dashboard', () => {
    const partner = navigationFor({ role: 'fullPartner', permissions: [], organisationId: null })
    expect(partner.find((item) => item.href === '/partners/structure/dashboard')?.key).toBe('ownStructure')
    const referent = navigationFor({ role: 'referent', permissions: [], organisationId: 'o' })
    expect(referent.find((item) => item.href === '/partners/structure/default')?.key).toBe('partners')
  })
})
