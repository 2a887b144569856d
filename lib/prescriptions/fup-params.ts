import { isCalendarDate } from '@/lib/applies/fup-schema'
import { STORED_APPLY_STATES, type StoredApplyState } from '@/lib/applies/states'
import { isUuid } from '@/lib/ids'

export type SearchParams = Record<string, string | string[] | undefined>
export type FupScope = 'mine' | 'all'
export type FupParams = {
  state: StoredApplyState | null
  offerId: string | null
  from: string | null
  to: string | null
  scope: FupScope
  page: number
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

/**
 * /v2/candidates/fup filters, all in the URL (no personal data among them). A referent sees their own prescriptions
 * by default ("Uniquement les miennes"); other roles the whole organisation's.
 */
export function parseFupParams(sp: SearchParams, role: string): FupParams {
  const state = one(sp.state)
  const offerId = one(sp.offer)
  const from = one(sp.from)
  const to = one(sp.to)
  const scope = one(sp.scope)
  const page = Number.parseInt(one(sp.page) ?? '1', 10)
  return {
    state: (STORED_APPLY_STATES as readonly string[]).includes(state ?? '') ? (state as StoredApplyState) : null,
    offerId: offerId && isUuid(offerId) ? offerId : null,
    from: from && isCalendarDate(from) ? from : null,
    to: to && isCalendarDate(to) ? to : null,
    scope: scope === 'mine' || scope === 'all' ? scope : role === 'referent' ? 'mine' : 'all',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  }
}

export function fupQuery(p: FupParams): string {
  const q = new URLSearchParams()
  if (p.state) q.set('state', p.state)
  if (p.offerId) q.set('offer', p.offerId)
  if (p.from) q.set('from', p.from)
  if (p.to) q.set('to', p.to)
  q.set('scope', p.scope)
  if (p.page > 1) q.set('page', String(p.page))
  return `?${q.toString()}`
}
