import pg from 'pg'
import { logError } from '@/lib/log'

/** The channel drizzle/0040_response_cache.sql's triggers notify, once per changed table and committed transaction. */
export const CHANGE_CHANNEL = 'passerelle_cache'

/**
 * What this process knows of the database's changes, for the caches of answers (lib/cache/response-cache.ts): one
 * connection LISTENs to CHANGE_CHANNEL; every notification moves `epoch` on and tells the subscribers which table
 * changed (null: anything may have, when the connection was lost or made). While that
 * connection is not listening (starting, lost, reconnecting) `ready` is false and nothing may be served from a cache:
 * a change could go unseen. Losing it also moves `epoch` on, so that a value computed across the gap is never kept.
 */
export type ChangeFeed = {
  readonly ready: boolean
  readonly epoch: number
  subscribe(listener: (table: string | null) => void): () => void
  close(): Promise<void>
}

export function createChangeFeed(connectionString: string, options: { retryMs?: number } = {}): ChangeFeed {
  const retryMs = options.retryMs ?? 1000
  const listeners = new Set<(table: string | null) => void>()
  let ready = false
  let epoch = 0
  let closed = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null

  const changed = (table: string | null) => {
    epoch++
    for (const listener of listeners) listener(table)
  }
  let failures = 0
  const lost = (error?: unknown) => {
    const wasReady = ready
    if (wasReady) failures = 0
    // Said once per outage, not at every retry.
    if (error && !closed && failures++ === 0) logError('cache.change-feed', error)
    ready = false
    changed(null)
    client?.removeAllListeners()
    client?.on('error', () => undefined)
    client?.end().catch(() => undefined)
    client = null
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null
        connect()
      }, wasReady ? 0 : retryMs)
      retry.unref()
    }
  }
  const connect = () => {
    if (closed) return
    const next = new pg.Client({ connectionString, application_name: 'passerelle-change-feed', connectionTimeoutMillis: 5_000, keepAlive: true })
    client = next
    next.on('notification', (message) => message.channel === CHANGE_CHANNEL && changed(message.payload || null))
    next.on('error', (error) => client === next && lost(error))
    next.on('end', () => client === next && lost())
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== next || closed) return
        // Anything cached before (nothing: not ready) or computed meanwhile is from before the LISTEN.
        changed(null)
        ready = true
      })
      .catch((error) => client === next && lost(error))
  }
  connect()

  return {
    get ready() {
      return ready
    },
    get epoch() {
      return epoch
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      closed = true
      ready = false
      if (retry) clearTimeout(retry)
      const current = client
      client = null
      changed(null)
      await current?.end().catch(() => undefined)
    },
  }
}

const holder = globalThis as unknown as { __passerelleChangeFeed?: ChangeFeed | null }

/**
 * The process's change feed, started on first use; null where answers must not be cached (RESPONSE_CACHE=off).
 */
export function changeFeed(): ChangeFeed | null {
  if (holder.__passerelleChangeFeed === undefined) {
    const url = process.env.DATABASE_URL
    holder.__passerelleChangeFeed = url && process.env.RESPONSE_CACHE !== 'off' ? createChangeFeed(url) : null
  }
  return holder.__passerelleChangeFeed
}
