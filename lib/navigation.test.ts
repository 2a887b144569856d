import { describe, expect, it } from 'vitest'
import { navigationFor } from './navigation'

describe('navigationFor', () => {
  it('gives a referent and an administrator the same item for the same page: Exports in the menu of both', () => {
    const admin = navigationFor({
      role: 'admin',
      permissions: ['settings.visualize', 'settings.exports.visualize'],
      organisationId: 'o',
    })
    const referent = navigationFor({
      role: 'referent',
      permissions: ['settings.exports.visualize'],
      organisationId: 'o',
    })
    expect(admin.find((item) => item.key === 'exports')?.href).toBe('/v2/settings/exports')
    expect(referent.find((item) => item.key === 'exports')?.href).toBe('/v2/settings/exports')
    expect(admin.map((i) => i.key)).toContain('settings')
    expect(referent.map((i) => i.key)).not.toContain('settings')
  })
  it('gives every item one page whatever the role: an item shared by two roles leads to the same address', () => {
    const roles = [
      { role: 'admin', permissions: null },
      { role: 'referent', permissions: null },
      { role: 'counsellor', permissions: null },
    ].map((u) => navigationFor({ ...u, organisationId: 'o' }))
    const hrefOf = new Map<string, string>()
    for (const items of roles)
      for (const item of items) {
        expect(hrefOf.get(item.key) ?? item.href).toBe(item.href)
        hrefOf.set(item.key, item.href)
      }
    // And no page under two items.
    const itemOf = new Map<string, string>()
    for (const items of roles)
      for (const item of items) {
        expect(itemOf.get(item.href) ?? item.key).toBe(item.key)
        itemOf.set(item.href, item.key)
      }
  })
  it('names a partner’s own structure "Ma structure" and leads it to its dashboard', () => {
    const partner = navigationFor({ role: 'fullPartner', permissions: [], organisationId: null })
    expect(partner.find((item) => item.href === '/partners/structure/dashboard')?.key).toBe('ownStructure')
    const referent = navigationFor({ role: 'referent', permissions: [], organisationId: 'o' })
    expect(referent.find((item) => item.href === '/partners/structure/default')?.key).toBe('partners')
  })
})
