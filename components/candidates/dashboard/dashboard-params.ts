import { CANDIDATE_SORTS, type CandidateSort, type SortDirection } from '@/lib/candidates/list-candidates'
import { INVITATION_FILTERS, type InvitationFilter } from '@/lib/invitations/follow-up'

export type SearchParams = Record<string, string | string[] | undefined>

/**
 * The dashboard's state kept in the URL (shareable, back-button safe): place, status, referent, invitation (repeated),
 * placed, sort, dir, page. Default values are left out of the URL. Never the search text: it is often a name or a phone number, so it
 * stays in the page and travels in a POST body (README "No personal data in URLs"); a `q` left in an old bookmark is
 * ignored, and the page strips it (`hasSearchInUrl`).
 */
export type DashboardParams = {
  placeIds: string[]
  statusIds: string[]
  referentIds: string[]
  /** "Placé sur une offre". */
  placed: boolean
  /** "Invitation": a workshop theme whose latest invitation is pending, expired, or ended absent. */
  invitationStates: InvitationFilter[]
  sort: CandidateSort
  dir: SortDirection
  page: number
}

const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
const one = (v: string | string[] | undefined) => all(v)[0]
const ids = (v: string | string[] | undefined) =>
  [...new Set(all(v).filter((id) => id.length > 0 && id.length <= 64))].slice(0, 100)

/** The first click on a column sorts A→Z, except the creation date: newest first. */
export const defaultDirection = (sort: CandidateSort): SortDirection => (sort === 'created' ? 'desc' : 'asc')

export function parseDashboardParams(sp: SearchParams): DashboardParams {
  const sort = (CANDIDATE_SORTS as readonly string[]).includes(one(sp.sort) ?? '')
    ? (one(sp.sort) as CandidateSort)
    : 'name'
  const dir = one(sp.dir)
  const page = Number.parseInt(one(sp.page) ?? '1', 10)
  return {
    placeIds: ids(sp.place),
    statusIds: ids(sp.status),
    referentIds: ids(sp.referent),
    placed: one(sp.placed) === '1',
    // In the filter's order, whatever the URL's.
    invitationStates: INVITATION_FILTERS.filter((s) => all(sp.invitation).includes(s)),
    sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : defaultDirection(sort),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  }
}

export function dashboardQuery(p: DashboardParams): string {
  const q = new URLSearchParams()
  for (const id of p.placeIds) q.append('place', id)
  for (const id of p.statusIds) q.append('status', id)
  for (const id of p.referentIds) q.append('referent', id)
  if (p.placed) q.set('placed', '1')
  for (const s of p.invitationStates) q.append('invitation', s)
  if (p.sort !== 'name') q.set('sort', p.sort)
  if (p.dir !== defaultDirection(p.sort)) q.set('dir', p.dir)
  if (p.page > 1) q.set('page', String(p.page))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** Whether a filter of the URL narrows the list (the search, kept in the page, is the component's to add). */
export const hasFilters = (p: DashboardParams) =>
  p.placeIds.length > 0 ||
  p.statusIds.length > 0 ||
  p.referentIds.length > 0 ||
  p.placed ||
  p.invitationStates.length > 0

/** A search text in the URL (an old bookmark, a link typed by hand): the page redirects to the same URL without it. */
export const hasSearchInUrl = (sp: SearchParams) => sp.q !== undefined
