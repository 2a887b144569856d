import { describe, expect, it } from 'vitest'
import { dashboardHref, DASHBOARD_ROWS, parseExpanded, showMoreLabel } from './dashboard-lists'

describe('the actions dashboard’s two lists', () => {
  it('show their first 10 rows, a page of 50 once `answers=all` or `unanswered=all` is in the URL', () => {
    expect(DASHBOARD_ROWS).toBe(10)
    expect(parseExpanded({})).toEqual({ answers: false, unanswered: false })
    expect(parseExpanded({ answers: 'all', unanswered: ['all', 'x'] })).toEqual({ answers: true, unanswered: true })
    expect(parseExpanded({ answers: 'yes', unanswered: '' })).toEqual({ answers: false, unanswered: false })
  })

  it('say what « Afficher » opens: all of them up to 50, else the first 50; nothing when all are shown', () => {
    expect(showMoreLabel(10, 10, 'réponses')).toBeNull()
    expect(showMoreLabel(12, 12, 'réponses')).toBeNull()
    expect(showMoreLabel(10, 37, 'réponses')).toBe('Afficher les 37 réponses')
    expect(showMoreLabel(10, 50, 'prescriptions')).toBe('Afficher les 50 prescriptions')
    expect(showMoreLabel(10, 23456, 'prescriptions')).toBe('Afficher les 50 premières prescriptions')
  })

  it('keep the waiting filter and the other list as they are, at the list’s section', () => {
    expect(dashboardHref(null, { answers: true, unanswered: false }, 'answers')).toBe(
      '/v2/actions/dashboard?answers=all#answers',
    )
    expect(dashboardHref('expired', { answers: true, unanswered: true }, 'unanswered')).toBe(
      '/v2/actions/dashboard?waiting=expired&answers=all&unanswered=all#unanswered',
    )
    expect(dashboardHref(null, { answers: false, unanswered: false }, 'answers')).toBe('/v2/actions/dashboard#answers')
  })
})
