import { isUuid } from '@/lib/ids'

export type SearchParams = Record<string, string | string[] | undefined>

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

/** A list page's URL parameters, bounded: text (100 characters), uuids, known values, and the page. */
export const params = {
  text: (sp: SearchParams, name: string) => (one(sp[name]) ?? '').slice(0, 100),
  uuid: (sp: SearchParams, name: string) => {
    const v = one(sp[name])
    return v && isUuid(v) ? v : ''
  },
  choice: <T extends string>(sp: SearchParams, name: string, allowed: readonly T[]): T | '' => {
    const v = one(sp[name])
    return v && (allowed as readonly string[]).includes(v) ? (v as T) : ''
  },
  page: (sp: SearchParams) => {
    const page = Number.parseInt(one(sp.page) ?? '1', 10)
    return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1
  },
}

/** A page link that keeps the list's filters (page 1 left out). */
export function pageHref(path: string, values: Record<string, string>, page: number): string {
  const query = new URLSearchParams(
    Object.entries({ ...values, page: page > 1 ? String(page) : '' }).filter(([, v]) => v),
  )
  const s = query.toString()
  return s ? `${path}?${s}` : path
}
