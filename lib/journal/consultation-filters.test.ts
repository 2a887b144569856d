import { describe, expect, it } from 'vitest'
import { consultationQuery, parseConsultationFilters } from './consultation-filters'

describe('the Consultations filters in the URL', () => {
  it('keeps days, a reader id and a known kind, and round-trips through the query string', () => {
    const filters = parseConsultationFilters({
      from: '2026-03-01',
      to: '2026-03-31',
      user: 'demo-referent',
      kind: 'candidate.sms',
      page: '2',
    })
    expect(filters).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      actorId: 'demo-referent',
      kind: 'candidate.sms',
      page: 2,
    })
    const query = consultationQuery(filters, { candidate: 'c1' })
    expect(query).toBe('?candidate=c1&from=2026-03-01&to=2026-03-31&user=demo-referent&kind=candidate.sms&page=2')
    expect(parseConsultationFilters(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters)
  })

  it('drops what is malformed: an impossible day, an unknown kind, an id with spaces or quotes, a bad page', () => {
    expect(
      parseConsultationFilters({ from: '2026-02-30', to: 'hier', user: "x' or 1=1", kind: 'admin', page: '-3' }),
    ).toEqual({ from: null, to: null, actorId: null, kind: null, page: 1 })
    expect(consultationQuery(parseConsultationFilters({}))).toBe('')
  })
})
