import { execSync } from 'node:child_process'
import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createChangeFeed } from '@/lib/cache/change-feed'
import { APPLIES_LIST_TABLES, encodeBody, keptUntilChanged, type CachedBody } from '@/lib/cache/response-cache'
import { useTestDb } from './db'

// Issue 16 §1: the applies list's answers (and filter choices) are kept per process until a table they read changes.
// The triggers of drizzle/0040 and 0041 notify at commit; the change feed LISTENs; a cache empties when one of its
// tables changes, and serves nothing while not listening.
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

type Cache = ReturnType<typeof keptUntilChanged<CachedBody>>
const appliesCache = (options?: { max?: number; maxAgeMs?: number }) => keptUntilChanged<CachedBody>(feed, APPLIES_LIST_TABLES, options)

/** Keeps an answer under `key` and checks it is served. */
function keep(cache: Cache, key: string, value: unknown) {
  const miss = cache.get(key)
  expect(miss && 'version' in miss).toBe(true)
  cache.set(key, (miss as { version: number }).version, encodeBody(value))
  const hit = cache.get(key)
  expect(hit && 'value' in hit ? JSON.parse(new TextDecoder().decode(hit.value)) : null).toEqual(value)
}
const served = (cache: Cache, key: string) => {
  const hit = cache.get(key)
  return !!hit && 'value' in hit
}

describe('response cache under the change feed', () => {
  it('empties when a statement on any table the list reads commits, not when it rolls back', async () => {
    await until(() => feed.ready)
    const cache = appliesCache()
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

  it('stays when a table it does not read changes; a cache of workshops empties with them', async () => {
    await until(() => feed.ready)
    const applies = appliesCache()
    const workshops = keptUntilChanged<string[]>(feed, ['workshops', 'user'])
    keep(applies, 'list', { n: 1 })
    expect(await workshops.read('themes', async () => ['Numérique'])).toEqual(['Numérique'])
    expect(await workshops.read('themes', async () => ['autre'])).toEqual(['Numérique'])
    await db.execute(sql`update workshops set id = id where false`)
    await until(() => workshops.size === 0)
    expect(served(applies, 'list')).toBe(true)
    expect(await workshops.read('themes', async () => ['Numérique', 'Emploi'])).toEqual(['Numérique', 'Emploi'])
  })

  it('computes a value once for the reads that ask for it together, and again after a change or a failure', async () => {
    await until(() => feed.ready)
    const cache = keptUntilChanged<number>(feed, ['workshops'])
    let computed = 0
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const slow = async () => {
      computed++
      await gate
      return computed
    }
    const together = [cache.read('k', slow), cache.read('k', slow), cache.read('k', slow)]
    release()
    expect(await Promise.all(together)).toEqual([1, 1, 1])
    expect(computed).toBe(1)
    expect(await cache.read('k', slow)).toBe(1)
    // A failure reaches every read that waited for it, and is not kept.
    await db.execute(sql`update workshops set id = id where false`)
    await until(() => cache.size === 0)
    const failing = async () => {
      computed++
      await new Promise((r) => setTimeout(r, 20))
      throw new Error('database unavailable')
    }
    const failed = await Promise.allSettled([cache.read('k', failing), cache.read('k', failing)])
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected'])
    expect(computed).toBe(2)
    expect(await cache.read('k', async () => 42)).toBe(42)
    // A read after a change does not wait for a computation started before it: that one may have read the old rows.
    let late!: () => void
    const before = cache.read('other', async () => {
      await new Promise<void>((r) => (late = r))
      return 1
    })
    await db.execute(sql`update workshops set id = id where false`)
    await until(() => cache.size === 0)
    expect(await cache.read('other', async () => 2)).toBe(2)
    late()
    expect(await before).toBe(1)
    expect(await cache.read('other', async () => 3)).toBe(2)
  })

  it('keeps nothing computed while a change arrived', async () => {
    await until(() => feed.ready)
    const cache = appliesCache()
    const miss = cache.get('page')
    expect(miss && 'version' in miss).toBe(true)
    const epoch = feed.epoch
    await db.execute(sql`update candidates set id = id where false`)
    await until(() => feed.epoch !== epoch)
    cache.set('page', (miss as { version: number }).version, encodeBody({ stale: true }))
    expect(served(cache, 'page')).toBe(false)
  })

  it('serves nothing while its connection is lost, then listens again by itself', async () => {
    await until(() => feed.ready)
    const cache = appliesCache()
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
    const cache = appliesCache({ max: 2, maxAgeMs: 1000 })
    for (const key of ['a', 'b', 'c']) keep(cache, key, { key })
    expect(cache.size).toBe(2)
    expect(served(cache, 'a')).toBe(false)
    expect(cache.get('b', Date.now() + 1001)).toEqual({ version: expect.any(Number) })
    expect(served(cache, 'b')).toBe(false)
  })
})

describe('the caches in the app', () => {
  it('read only tables whose changes are notified (each has the statement trigger)', async () => {
    // Every processCache<…>([...tables]) of the app's pages, components and modules, and the applies list's tables.
    const files = execSync(`grep -rl "processCache<" app lib components`, { encoding: 'utf8' }).trim().split('\n')
    const named = new Set<string>(APPLIES_LIST_TABLES)
    let caches = 0
    let declared = 0
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8')
      // Each cache names its tables as a literal list (a list built elsewhere could not be read here; the applies list's
      // cache names APPLIES_LIST_TABLES, added above).
      declared += [...text.matchAll(/= processCache<[^\n]*?>\(\s*(?!APPLIES_LIST_TABLES)/g)].length
      for (const [, list] of text.matchAll(/processCache<[^\n]*?>\(\s*\[([^\]]*)\]/g)) {
        caches++
        for (const [, table] of list!.matchAll(/'([a-z_]+)'/g)) named.add(table!)
      }
    }
    expect(caches).toBe(declared)
    expect(caches).toBeGreaterThan(25)
    expect(named.size).toBeGreaterThan(APPLIES_LIST_TABLES.length)
    const { rows } = await db.execute<{ table: string }>(sql`select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgfoid = 'passerelle_cache_changed'::regproc`)
    const triggered = new Set(rows.map((r) => r.table))
    expect([...named].filter((table) => !triggered.has(table))).toEqual([])
  })
})

describe('change feed', () => {
  it('is not ready, and keeps nothing, against a server that is not there', async () => {
    const down = createChangeFeed('postgresql://postgres@127.0.0.1:1/none', { retryMs: 20 })
    const cache = keptUntilChanged(down, ['candidates'])
    await new Promise((r) => setTimeout(r, 200))
    expect(down.ready).toBe(false)
    expect(cache.get('x')).toBeNull()
    await down.close()
  })
})
