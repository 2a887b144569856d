import { PAGE_SIZE } from '@/lib/constants'
import { WAITING_PARAM } from './waiting-filter'

/**
 * How many rows the dashboard's two lists (the answers received, the prescriptions without answer) show first: the
 * most recent answers and the longest waits, what a referent acts on first; the sections below (SMS replies,
 * orientations, the day's workshops, late course steps) stay within reach, on a phone too. « Afficher … » under a list
 * shows a page of it (PAGE_SIZE), through the URL (`answers=all`, `unanswered=all`). Ten rather than twenty (issue 41):
 * each row cost about 0.5 ms of CPU (the server's and PostgreSQL's), twenty rows a quarter of the page's. The partner
 * dashboard's archived files show as many (`archived=all`: a page).
 */
export const DASHBOARD_ROWS = 10

/** Which of the dashboard's lists are shown as a whole page. */
export type DashboardExpanded = { answers: boolean; unanswered: boolean }

export const NOT_EXPANDED: DashboardExpanded = { answers: false, unanswered: false }

/** `answers=all`, `unanswered=all` in the URL: that list is shown as a page. */
export function parseExpanded(sp: Record<string, string | string[] | undefined>): DashboardExpanded {
  const isAll = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) === 'all'
  return { answers: isAll(sp.answers), unanswered: isAll(sp.unanswered) }
}

/** The dashboard's address with these lists expanded, the `waiting` choice kept, at a section (`#answers`…). */
export function dashboardHref(waiting: string | null, expanded: DashboardExpanded, section: string): string {
  const q = new URLSearchParams()
  if (waiting) q.set(WAITING_PARAM, waiting)
  if (expanded.answers) q.set('answers', 'all')
  if (expanded.unanswered) q.set('unanswered', 'all')
  const query = q.toString()
  return `/v2/actions/dashboard${query ? `?${query}` : ''}#${section}`
}

/** « Afficher … » under a list of `shown` rows out of `total`: the page it opens, in words (null: all are shown). */
export function showMoreLabel(shown: number, total: number, noun: string): string | null {
  if (total <= shown) return null
  return total <= PAGE_SIZE ? `Afficher les ${total} ${noun}` : `Afficher les ${PAGE_SIZE} premières ${noun}`
}
