import { describe, expect, it } from 'vitest'
import { currentItemHref } from './current-nav-item'

const HREFS = ['/homePage', '/v2/candidates/dashboard', '/v2/candidates/fup', '/v2/settings/exports', '/v2/settings']

describe('currentItemHref: one active item at a time', () => {
  it('gives /v2/settings/exports to "Exports" alone, not to "Paramètres" too', () => {
    expect(currentItemHref(HREFS, '/v2/settings/exports')).toBe('/v2/settings/exports')
  })
  it('gives the settings pages under it to "Paramètres"', () => {
    expect(currentItemHref(HREFS, '/v2/settings')).toBe('/v2/settings')
    expect(currentItemHref(HREFS, '/v2/settings/permissions')).toBe('/v2/settings')
  })
  it('does not take a longer name for a sub-page (/v2/settings/exportsX is not under Exports)', () => {
    expect(currentItemHref(HREFS, '/v2/settings/exportsX')).toBe('/v2/settings')
  })
  it('marks nothing for a page outside the navigation', () => {
    expect(currentItemHref(HREFS, '/v2/candidate/123')).toBeNull()
    expect(currentItemHref(HREFS, '/change-password')).toBeNull()
  })
})
