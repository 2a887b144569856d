import { isUuid } from '@/lib/ids'
import { APPLY_STATES, type ApplyState } from './states'

export type SearchParams = Record<string, string | string[] | undefined>

/** The search text is not here: a candidate's name never goes into a URL. */
export type OfferPageParams = {
  tab: ApplyState
  placeIds: string[]
  statusValues: string[]
  page: number
  socialApplyId: string | null
}

const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
const one = (v: string | string[] | undefined) => all(v)[0]

/** Spec §2: `tab` selects the tab (missing or unknown → prescriptions filled); place, status and page live in the URL too. */
export function parseOfferPageParams(sp: SearchParams): OfferPageParams {
  const tab = one(sp.tab)
  const page = Number.parseInt(one(sp.page) ?? '1', 10)
  const socialApplyId = one(sp.socialApplyId)
  return {
    tab: (APPLY_STATES as readonly string[]).includes(tab ?? '') ? (tab as ApplyState) : 'PRESCRIPTION_FILLED',
    placeIds: all(sp.place).filter(isUuid).slice(0, 50),
    statusValues: all(sp.status)
      .filter((s) => s.length <= 100)
      .slice(0, 50),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    socialApplyId: socialApplyId && isUuid(socialApplyId) ? socialApplyId : null,
  }
}

/** The query string for a state of the page; default values are left out. */
export function offerPageQuery(p: Partial<OfferPageParams>): string {
  const q = new URLSearchParams()
  if (p.tab && p.tab !== 'PRESCRIPTION_FILLED') q.set('tab', p.tab)
  for (const id of p.placeIds ?? []) q.append('place', id)
  for (const s of p.statusValues ?? []) q.append('status', s)
  if (p.page && p.page > 1) q.set('page', String(p.page))
  if (p.socialApplyId) q.set('socialApplyId', p.socialApplyId)
  const s = q.toString()
  return s ? `?${s}` : ''
}
