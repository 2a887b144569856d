import { isCalendarDate } from '@/lib/calendar-date'
import { isReadKind, type ReadKind } from './record-read'

export type SearchParams = Record<string, string | string[] | undefined>

/** The "Consultations" filters, all in the URL: ids, days and a kind, never a name. */
export type ConsultationFilters = {
  from: string | null
  to: string | null
  /** A reader (better-auth user ids are not uuids: any short id of letters, digits, '-' and '_'). */
  actorId: string | null
  kind: ReadKind | null
  page: number
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/

/** Reads the filters from a page's or the CSV route's query; anything malformed is no filter. */
export function parseConsultationFilters(sp: SearchParams): ConsultationFilters {
  const from = one(sp.from)
  const to = one(sp.to)
  const user = one(sp.user)
  const kind = one(sp.kind)
  const page = Number.parseInt(one(sp.page) ?? '1', 10)
  return {
    from: from && isCalendarDate(from) ? from : null,
    to: to && isCalendarDate(to) ? to : null,
    actorId: user && USER_ID.test(user) ? user : null,
    kind: isReadKind(kind) ? kind : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  }
}

/** The query string of the filters (and of the scope, for the CSV route), '' when there is none. */
export function consultationQuery(f: Partial<ConsultationFilters>, scope: Record<string, string> = {}): string {
  const q = new URLSearchParams(scope)
  if (f.from) q.set('from', f.from)
  if (f.to) q.set('to', f.to)
  if (f.actorId) q.set('user', f.actorId)
  if (f.kind) q.set('kind', f.kind)
  if (f.page && f.page > 1) q.set('page', String(f.page))
  const s = q.toString()
  return s ? `?${s}` : ''
}
