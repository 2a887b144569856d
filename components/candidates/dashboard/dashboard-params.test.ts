import { describe, expect, it } from 'vitest'
import { candidateSearchTerm } from '@/lib/candidates/list-candidates'
import { dashboardQuery, hasFilters, hasSearchInUrl, parseDashboardParams, type SearchParams } from './dashboard-params'

const PLACE = '3f1c2b4a-1111-4aaa-8bbb-000000000001'
/** What Next gives the page for a query string: repeated keys as arrays. */
const searchParamsOf = (query: string): SearchParams => {
  const u = new URLSearchParams(query)
  return Object.fromEntries([...new Set(u.keys())].map((k) => [k, u.getAll(k).length > 1 ? u.getAll(k) : u.get(k)!]))
}

describe('dashboard URL', () => {
  it('reads defaults from an empty URL and leaves them out when writing it', () => {
    const p = parseDashboardParams({})
    expect(p).toEqual({
      placeIds: [],
      statusIds: [],
      referentIds: [],
      placed: false,
      invitationStates: [],
      sort: 'name',
      dir: 'asc',
      page: 1,
    })
    expect(dashboardQuery(p)).toBe('')
    expect(hasFilters(p)).toBe(false)
  })

  it('round-trips repeated filters, sort, direction and page', () => {
    const query = `?place=${PLACE}&referent=none&placed=1&sort=place&dir=desc&page=3`
    const p = parseDashboardParams(searchParamsOf(query))
    expect(p).toEqual({
      placeIds: [PLACE],
      statusIds: [],
      referentIds: ['none'],
      placed: true,
      invitationStates: [],
      sort: 'place',
      dir: 'desc',
      page: 3,
    })
    expect(dashboardQuery(p)).toBe(query)
    expect(hasFilters(p)).toBe(true)
  })

  it('round-trips the invitation filter, in the filter’s order, and drops unknown states', () => {
    const p = parseDashboardParams(searchParamsOf('?invitation=absent&invitation=expired&invitation=booked'))
    expect(p.invitationStates).toEqual(['expired', 'absent'])
    expect(hasFilters(p)).toBe(true)
    expect(dashboardQuery(p)).toBe('?invitation=expired&invitation=absent')
    const pending = parseDashboardParams(searchParamsOf('?invitation=pending&invitation=pending'))
    expect(pending.invitationStates).toEqual(['pending'])
    expect(parseDashboardParams(searchParamsOf('?invitation=declined')).invitationStates).toEqual([])
    expect(hasFilters(parseDashboardParams(searchParamsOf('?invitation=nope')))).toBe(false)
  })

  it('never reads nor writes a search text: a q of an old bookmark is ignored and flagged for stripping', () => {
    const old = searchParamsOf(`?q=lef%C3%A8vre&place=${PLACE}&page=2`)
    expect(hasSearchInUrl(old)).toBe(true)
    const p = parseDashboardParams(old)
    expect(p).not.toHaveProperty('q')
    expect(dashboardQuery(p)).toBe(`?place=${PLACE}&page=2`)
    expect(hasSearchInUrl(searchParamsOf('?q='))).toBe(true)
    expect(hasSearchInUrl(searchParamsOf(`?place=${PLACE}`))).toBe(false)
    expect(hasFilters(parseDashboardParams(searchParamsOf('?q=durand')))).toBe(false)
  })

  it('falls back on defaults for unknown or crafted values', () => {
    expect(parseDashboardParams({ sort: 'nir', dir: 'sideways', page: '-4' })).toMatchObject({
      sort: 'name',
      dir: 'asc',
      page: 1,
    })
    expect(parseDashboardParams({ sort: 'created' })).toMatchObject({ sort: 'created', dir: 'desc' })
    expect(dashboardQuery(parseDashboardParams({ sort: 'created', dir: 'desc' }))).toBe('?sort=created')
    expect(parseDashboardParams({ page: '99999999' }).page).toBe(100_000)
    expect(parseDashboardParams({ place: ['', 'x'.repeat(65)] }).placeIds).toEqual([])
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
