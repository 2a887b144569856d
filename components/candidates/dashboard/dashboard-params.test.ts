import { describe, expect, it } from 'vitest'
import { candidateSearchTerm } from '@/lib/candidates/list-candidates'
import { dashboardQuery, hasFilters, parseDashboardParams } from './dashboard-params'

const PLACE = '3f1c2b4a-1111-4aaa-8bbb-000000000001'

describe('dashboard URL', () => {
  it('reads defaults from an empty URL and leaves them out when writing it', () => {
    const p = parseDashboardParams({})
    expect(p).toEqual({ q: '', placeIds: [], statusIds: [], referentIds: [], sort: 'name', dir: 'asc', page: 1 })
    expect(dashboardQuery(p)).toBe('')
    expect(hasFilters(p)).toBe(false)
  })

  it('round-trips search, repeated filters, sort, direction and page', () => {
    const query = `?q=lef%C3%A8vre&place=${PLACE}&referent=none&sort=place&dir=desc&page=3`
    const p = parseDashboardParams(Object.fromEntries([...new URLSearchParams(query).keys()].map((k) => [k, new URLSearchParams(query).getAll(k)])))
    expect(p).toEqual({ q: 'lefèvre', placeIds: [PLACE], statusIds: [], referentIds: ['none'], sort: 'place', dir: 'desc', page: 3 })
    expect(dashboardQuery(p)).toBe(query)
    expect(hasFilters(p)).toBe(true)
  })

  it('falls back on defaults for unknown or crafted values', () => {
    expect(parseDashboardParams({ sort: 'nir', dir: 'sideways', page: '-4' })).toMatchObject({ sort: 'name', dir: 'asc', page: 1 })
    expect(parseDashboardParams({ sort: 'created' })).toMatchObject({ sort: 'created', dir: 'desc' })
    expect(dashboardQuery(parseDashboardParams({ sort: 'created', dir: 'desc' }))).toBe('?sort=created')
    expect(parseDashboardParams({ page: '99999999' }).page).toBe(100_000)
    expect(parseDashboardParams({ q: 'x'.repeat(500) }).q).toHaveLength(100)
    // One character is not a search yet.
    expect(hasFilters(parseDashboardParams({ q: 'a' }))).toBe(false)
  })
})

describe('candidateSearchTerm', () => {
  it('applies from 2 characters, trimmed', () => {
    expect(candidateSearchTerm(undefined)).toBeNull()
    expect(candidateSearchTerm(' a ')).toBeNull()
    expect(candidateSearchTerm(' du ')).toBe('du')
  })

  it('reads a phone typed with separators or +33 as the digits', () => {
    expect(candidateSearchTerm('06 12 34')).toBe('061234')
    expect(candidateSearchTerm('06.12.34.56')).toBe('06123456')
    expect(candidateSearchTerm('+33 6 12 34 56 78')).toBe('0612345678')
    expect(candidateSearchTerm('0033 6 12')).toBe('0612')
    // Not a phone: left as typed.
    expect(candidateSearchTerm('Jean-Pierre 2')).toBe('Jean-Pierre 2')
  })
})
