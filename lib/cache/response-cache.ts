import type { ChangeFeed } from './change-feed'

/**
 * A JSON answer as sent, its bytes made once. (Not gzipped here: Next.js drops a route handler's Content-Encoding,
 * send-response.ts, and compresses the answer itself.)
 */
export type CachedBody = Uint8Array<ArrayBuffer>

const encoder = new TextEncoder()
export const encodeBody = (value: unknown): CachedBody => encoder.encode(JSON.stringify(value))

export function bodyResponse(body: CachedBody, headers: Record<string, string> = {}): Response {
  return new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } })
}

/** The tables the offer page's list reads (each has drizzle/0040's trigger). */
export const APPLIES_LIST_TABLES = ['social_applies', 'candidates', 'places', 'candidate_statuses', 'fups', 'documents', 'user', 'social_offers', 'organisation_refusal_causes'] as const

/**
 * Values kept by this process, per key (issue 16 §1: lists and filter choices read again and again while nothing
 * changes), under a change feed: a committed change of one of `tables` empties the cache (their statement triggers,
 * drizzle/0040 and 0041, notify at commit), and nothing is served or kept while the feed is not listening. A value
 * computed while one of them changed is not kept (`version` moved on); entries also expire after `maxAgeMs`, and at
 * most `max` are kept (the oldest go first). Every table named must have the trigger: one without would never empty it.
 */
export function keptUntilChanged<T>(feed: ChangeFeed | null, tables: readonly string[], options: { max?: number; maxAgeMs?: number } = {}) {
  const max = options.max ?? 300
  const maxAgeMs = options.maxAgeMs ?? 60_000
  const watched = new Set(tables)
  const entries = new Map<string, { at: number; value: T }>()
  // The computations under way, by key, with the version they started under.
  const pending = new Map<string, { version: number; value: Promise<T> }>()
  // Moves on at each change of a watched table (or of anything, when the feed reconnects).
  let version = 0
  feed?.subscribe((table) => {
    if (table !== null && !watched.has(table)) return
    version++
    entries.clear()
  })

  const cache = {
    /** The kept value, or null (and the version to give `set` once the value is computed). */
    get(key: string, now = Date.now()): { value: T } | { version: number } | null {
      if (!feed?.ready) return null
      const hit = entries.get(key)
      if (hit && now - hit.at < maxAgeMs) return { value: hit.value }
      if (hit) entries.delete(key)
      return { version }
    },
    /** Keeps a value computed since `get` gave `version`, if none of the tables changed meanwhile. */
    set(key: string, computedAt: number, value: T, now = Date.now()) {
      if (!feed?.ready || version !== computedAt) return
      if (entries.size >= max) entries.delete(entries.keys().next().value!)
      entries.set(key, { at: now, value })
    },
    /**
     * The kept value, else `compute()`'s (kept if it may be). Reads of a key that is being computed, under the same
     * version, wait for that computation rather than starting their own: a cold or emptied cache under load computes
     * each value once, not once per waiting request.
     */
    async read(key: string, compute: () => Promise<T>): Promise<T> {
      const kept = cache.get(key)
      if (kept && 'value' in kept) return kept.value
      if (!kept) return compute()
      const running = pending.get(key)
      if (running && running.version === kept.version) return running.value
      const value = compute()
      const entry = { version: kept.version, value }
      pending.set(key, entry)
      try {
        const result = await value
        cache.set(key, kept.version, result)
        return result
      } finally {
        if (pending.get(key) === entry) pending.delete(key)
      }
    },
    get size() {
      return entries.size
    },
  }
  return cache
}

