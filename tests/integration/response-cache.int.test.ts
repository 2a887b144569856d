import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createChangeFeed } from '@/lib/cache/change-feed'
import { encodeBody, responseCache } from '@/lib/cache/response-cache'
import { useTestDb } from './db'

// Issue 16 §1: the applies list's answers are kept per process until a table they read changes. The triggers of
// drizzle/0040 notify at commit; the change feed LISTENs; the cache empties, and serves nothing while not listening.
const db = useTestDb()
const feed = createChangeFeed(inject('databaseUrl'), { retryMs: 50 })
afterAll(() => feed.close())

/** Each table the list reads, and a column to write (organisation_refusal_causes has no id). */
const TABLES = [
  ['social_applies', 'id'],
  ['candidates', 'id'],
  ['places', 'id'],
  ['candidate_statuses', 'id'],
  ['fups', 'id'],
  ['documents', 'id'],
  ['"user"', 'id'],
  ['social_offers', 'id'],
  ['organisation_refusal_causes', 'code'],
] as const

async function until(condition: () => boolean, ms = 3000) {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Keeps an answer under `key` and checks it is served. */
function keep(cache: ReturnType<typeof responseCache>, key: string, value: unknown) {
  const miss = cache.get(key)
  expect(miss && 'epoch' in miss).toBe(true)
  cache.set(key, (miss as { epoch: number }).epoch, encodeBody(value))
  const hit = cache.get(key)
  expect(hit && 'body' in hit ? JSON.parse(new TextDecoder().decode(hit.body)) : null).toEqual(value)
}
const served = (cache: ReturnType<typeof responseCache>, key: string) => {
  const hit = cache.get(key)
  return !!hit && 'body' in hit
}

describe('response cache under the change feed', () => {
  it('empties when a statement on any table the list reads commits, not when it rolls back', async () => {
    await until(() => feed.ready)
    const cache = responseCache(feed)
    for (const [table, column] of TABLES) {
      keep(cache, 'list', { table })
      await db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`update ${table} set ${column} = ${column} where false`))
          throw new Error('rolled back')
        })
        .catch(() => undefined)
      // A rolled-back statement notifies nobody: still served once a commit elsewhere would have arrived.
      await db.execute(sql`select pg_notify('passerelle_cache_test', 'ping')`)
      await new Promise((r) => setTimeout(r, 50))
      expect(served(cache, 'list'), `${table}: kept after a rollback`).toBe(true)
      await db.execute(sql.raw(`update ${table} set ${column} = ${column} where false`))
      await until(() => !served(cache, 'list'))
    }
  })

  it('keeps nothing computed while a change arrived', async () => {
    await until(() => feed.ready)
    const cache = responseCache(feed)
    const miss = cache.get('page')
    expect(miss && 'epoch' in miss).toBe(true)
    const epoch = (miss as { epoch: number }).epoch
    await db.execute(sql`update candidates set id = id where false`)
    await until(() => feed.epoch !== epoch)
    cache.set('page', epoch, encodeBody({ stale: true }))
    expect(served(cache, 'page')).toBe(false)
  })

  it('serves nothing while its connection is lost, then listens again by itself', async () => {
    await until(() => feed.ready)
    const cache = responseCache(feed)
    keep(cache, 'offer', { n: 1 })
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'passerelle-change-feed' and datname = current_database()`)
    // It may listen again within milliseconds: what matters is that the answer kept before is gone.
    await until(() => !served(cache, 'offer'))
    await until(() => feed.ready)
    expect(served(cache, 'offer')).toBe(false)
    keep(cache, 'offer', { n: 2 })
    await db.execute(sql`update fups set id = id where false`)
    await until(() => !served(cache, 'offer'))
  })

  it('expires an entry after its age and keeps at most its size', async () => {
    await until(() => feed.ready)
    const cache = responseCache(feed, { max: 2, maxAgeMs: 1000 })
    for (const key of ['a', 'b', 'c']) keep(cache, key, { key })
    expect(cache.size).toBe(2)
    expect(served(cache, 'a')).toBe(false)
    expect(cache.get('b', Date.now() + 1001)).toEqual({ epoch: feed.epoch })
  })
})

describe('change feed', () => {
  it('is not ready, and keeps nothing, against a server that is not there', async () => {
    const down = createChangeFeed('postgresql://postgres@127.0.0.1:1/none', { retryMs: 20 })
    const cache = responseCache(down)
    await new Promise((r) => setTimeout(r, 200))
    expect(down.ready).toBe(false)
    expect(cache.get('x')).toBeNull()
    await down.close()
  })
})
