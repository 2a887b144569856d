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

/**
 * Answers kept by this process, per key (issue 16 §1: the offer page's list, asked again and again while nothing
 * changes), under a change feed: any committed change of a table they read empties the cache (the tables' triggers,
 * drizzle/0040_response_cache.sql), and nothing is served or kept while the feed is not listening. A value computed
 * while a change arrived is not kept (`epoch` moved on); entries also expire after `maxAgeMs`, and at most `max` are
 * kept (the oldest go first).
 */
export function responseCache(feed: ChangeFeed | null, options: { max?: number; maxAgeMs?: number } = {}) {
  const max = options.max ?? 300
  const maxAgeMs = options.maxAgeMs ?? 60_000
  const entries = new Map<string, { at: number; body: CachedBody }>()
  feed?.subscribe(() => entries.clear())

  return {
    /** The kept answer, or null (and the epoch to give `set` once the answer is computed). */
    get(key: string, now = Date.now()): { body: CachedBody } | { epoch: number } | null {
      if (!feed?.ready) return null
      const hit = entries.get(key)
      if (hit && now - hit.at < maxAgeMs) return { body: hit.body }
      if (hit) entries.delete(key)
      return { epoch: feed.epoch }
    },
    /** Keeps an answer computed since `get` gave `epoch`, if nothing changed meanwhile. */
    set(key: string, epoch: number, body: CachedBody, now = Date.now()) {
      if (!feed?.ready || feed.epoch !== epoch) return
      if (entries.size >= max) entries.delete(entries.keys().next().value!)
      entries.set(key, { at: now, body })
    },
    get size() {
      return entries.size
    },
  }
}
