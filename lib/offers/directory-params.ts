import { isUuid } from '@/lib/ids'

export type SearchParams = Record<string, string | string[] | undefined>
export type DirectoryParams = {
  search: string
  challengeIds: string[]
  financingModes: string[]
  places: string[]
  page: number
}

const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
const one = (v: string | string[] | undefined) => all(v)[0]

/** The directory's filters live in the URL (an offer's name is not personal data, so the search text does too). */
export function parseDirectoryParams(sp: SearchParams): DirectoryParams {
  const page = Number.parseInt(one(sp.page) ?? '1', 10)
  return {
    search: (one(sp.q) ?? '').slice(0, 100),
    challengeIds: all(sp.challenge).filter(isUuid).slice(0, 20),
    financingModes: all(sp.financing)
      .filter((v) => v.length <= 50)
      .slice(0, 20),
    places: all(sp.place)
      .filter((v) => v.length <= 100)
      .slice(0, 20),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  }
}

/** The query string of a directory state; defaults left out. */
export function directoryQuery(p: Partial<DirectoryParams>): string {
  const q = new URLSearchParams()
  if (p.search?.trim()) q.set('q', p.search.trim())
  for (const v of p.challengeIds ?? []) q.append('challenge', v)
  for (const v of p.financingModes ?? []) q.append('financing', v)
  for (const v of p.places ?? []) q.append('place', v)
  if (p.page && p.page > 1) q.set('page', String(p.page))
  const s = q.toString()
  return s ? `?${s}` : ''
}
