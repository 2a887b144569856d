import { isCalendarDate } from '@/lib/calendar-date'
import { isUuid } from '@/lib/ids'
import { APPLY_STATES, STORED_APPLY_STATES, type ApplyState, type StoredApplyState } from './states'

/**
 * The URL parameters of the prescriptions' two lists: an offer's page (both sides) and the organisation's FUP list
 * (/v2/candidates/fup). No personal data among them: a candidate's name never goes into a URL.
 */
export type SearchParams = Record<string, string | string[] | undefined>

const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
const one = (v: string | string[] | undefined) => all(v)[0]
const pageOf = (v: string | string[] | undefined) => {
  const page = Number.parseInt(one(v) ?? '1', 10)
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1
}
const queryString = (q: URLSearchParams) => {
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The search text is not here: it travels in a POST body. */
export type OfferPageParams = {
  tab: ApplyState
  placeIds: string[]
  statusValues: string[]
  page: number
  socialApplyId: string | null
}

/** Spec §2: `tab` selects the tab (missing or unknown → prescriptions filled); place, status and page live in the URL too. */
export function parseOfferPageParams(sp: SearchParams): OfferPageParams {
  const tab = one(sp.tab)
  const socialApplyId = one(sp.socialApplyId)
  return {
    tab: (APPLY_STATES as readonly string[]).includes(tab ?? '') ? (tab as ApplyState) : 'PRESCRIPTION_FILLED',
    placeIds: all(sp.place).filter(isUuid).slice(0, 50),
    statusValues: all(sp.status)
      .filter((s) => s.length <= 100)
      .slice(0, 50),
    page: pageOf(sp.page),
    socialApplyId: socialApplyId && isUuid(socialApplyId) ? socialApplyId : null,
  }
}

/** The query string for a state of the offer page; default values are left out. */
export function offerPageQuery(p: Partial<OfferPageParams>): string {
  const q = new URLSearchParams()
  if (p.tab && p.tab !== 'PRESCRIPTION_FILLED') q.set('tab', p.tab)
  for (const id of p.placeIds ?? []) q.append('place', id)
  for (const s of p.statusValues ?? []) q.append('status', s)
  if (p.page && p.page > 1) q.set('page', String(p.page))
  if (p.socialApplyId) q.set('socialApplyId', p.socialApplyId)
  return queryString(q)
}

export type FupScope = 'mine' | 'all'
export type FupParams = {
  state: StoredApplyState | null
  offerId: string | null
  from: string | null
  to: string | null
  scope: FupScope
  page: number
}

/**
 * /v2/candidates/fup filters. A referent sees their own prescriptions by default ("Uniquement les miennes"); other
 * roles the whole organisation's.
 */
export function parseFupParams(sp: SearchParams, role: string): FupParams {
  const state = one(sp.state)
  const offerId = one(sp.offer)
  const from = one(sp.from)
  const to = one(sp.to)
  const scope = one(sp.scope)
  return {
    state: (STORED_APPLY_STATES as readonly string[]).includes(state ?? '') ? (state as StoredApplyState) : null,
    offerId: offerId && isUuid(offerId) ? offerId : null,
    from: from && isCalendarDate(from) ? from : null,
    to: to && isCalendarDate(to) ? to : null,
    scope: scope === 'mine' || scope === 'all' ? scope : role === 'referent' ? 'mine' : 'all',
    page: pageOf(sp.page),
  }
}

/** The query string of the FUP list's filters (the scope always: its default depends on the role). */
export function fupQuery(p: FupParams): string {
  const q = new URLSearchParams()
  if (p.state) q.set('state', p.state)
  if (p.offerId) q.set('offer', p.offerId)
  if (p.from) q.set('from', p.from)
  if (p.to) q.set('to', p.to)
  q.set('scope', p.scope)
  if (p.page > 1) q.set('page', String(p.page))
  return queryString(q)
}
