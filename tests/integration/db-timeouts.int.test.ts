import { testDatabaseUrl } from './db'
import net from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '@/lib/db/client'
import { isUnavailableError } from '@/lib/unavailable'

// Every wait on PostgreSQL ends, and its end reads as "unavailable" (a 503 or the error screen, never a
// spinner). Each test builds its pool with small limits, set as an operator would, through the environment.
const url = testDatabaseUrl()
const pools: { end: () => Promise<void> }[] = []
afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => undefined)
})

function dbWith(env: Record<string, string>, max = 2, target = url): Db {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  try {
    const { db, pool } = createDb(target, max)
    pools.push(pool)
    return db
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

async function failure(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const t = performance.now()
  try {
    await work
  } catch (error) {
    return { error, ms: performance.now() - t }
  }
  throw new Error('expected the work to fail')
}

/** A TCP relay to PostgreSQL that can be frozen: it then swallows everything, as a paused server or a dead link does. */
async function freezableRelay(): Promise<{ url: string; freeze: () => void; thaw: () => void; close: () => void }> {
  const target = new URL(url)
  let frozen = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    sockets.add(client).add(upstream)
    client.on('data', (chunk) => !frozen && upstream.write(chunk))
    upstream.on('data', (chunk) => !frozen && client.write(chunk))
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const relayed = new URL(url)
  relayed.hostname = '127.0.0.1'
  relayed.port = String((server.address() as net.AddressInfo).port)
  return {
    url: relayed.toString(),
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

describe('database timeouts', () => {
  it('a statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled by the server (57014) and reads as unavailable', async () => {
    const db = dbWith({ DATABASE_STATEMENT_TIMEOUT_MS: '300' })
    const { error, ms } = await failure(db.execute(sql`select pg_sleep(5)`))
    expect((error as { code?: string }).code).toBe('57014')
    expect(isUnavailableError(error)).toBe(true)
    expect(ms).toBeLessThan(2000)
    // The connection is still good: the next statement runs.
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one).toBe(1)
  })

  it('a lock wait past DATABASE_LOCK_TIMEOUT_MS ends (55P03), and the row is untouched', async () => {
    const holder = dbWith({})
    const waiter = dbWith({ DATABASE_LOCK_TIMEOUT_MS: '200' })
    await holder.execute(sql`create table if not exists timeout_probe (id int primary key, v text)`)
    await holder.execute(
      sql`insert into timeout_probe values (1, 'before') on conflict (id) do update set v = 'before'`,
    )
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let locked!: () => void
    const isLocked = new Promise<void>((r) => (locked = r))
    const holding = holder.transaction(async (tx) => {
      await tx.execute(sql`select * from timeout_probe where id = 1 for update`)
      locked()
      await released
    })
    await isLocked
    const { error, ms } = await failure(waiter.execute(sql`update timeout_probe set v = 'after' where id = 1`))
    release()
    await holding
    expect((error as { code?: string }).code).toBe('55P03')
    expect(isUnavailableError(error)).toBe(true)
    expect(ms).toBeLessThan(2000)
    expect((await holder.execute<{ v: string }>(sql`select v from timeout_probe where id = 1`)).rows[0]!.v).toBe(
      'before',
    )
    await holder.execute(sql`drop table timeout_probe`)
  })

  it('a checkout from a full pool waits DATABASE_CONNECT_TIMEOUT_MS at most', async () => {
    const db = dbWith({ DATABASE_CONNECT_TIMEOUT_MS: '300' }, 1)
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let holding!: () => void
    const held = new Promise<void>((r) => (holding = r))
    const tx = db.transaction(async (t) => {
      await t.execute(sql`select 1`)
      holding()
      await released
    })
    await held
    const { error, ms } = await failure(db.execute(sql`select 1`))
    release()
    await tx
    expect(isUnavailableError(error)).toBe(true)
    expect(ms).toBeGreaterThanOrEqual(250)
    expect(ms).toBeLessThan(1500)
  })

  it('a transaction left idle past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS is ended by the server', async () => {
    const db = dbWith({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300' })
    const { error } = await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await new Promise((r) => setTimeout(r, 800))
        await tx.execute(sql`select 2`)
      }),
    )
    expect(isUnavailableError(error)).toBe(true)
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one).toBe(1)
  })

  it('a server that stops answering: the statement ends on the client (statement time + 3 s), the connection is dropped, and the pool recovers', async () => {
    const relay = await freezableRelay()
    try {
      const db = dbWith({ DATABASE_STATEMENT_TIMEOUT_MS: '200', DATABASE_CONNECT_TIMEOUT_MS: '500' }, 1, relay.url)
      expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one).toBe(1)
      relay.freeze()
      const { error, ms } = await failure(db.execute(sql`select 2`))
      expect(isUnavailableError(error)).toBe(true)
      expect(ms).toBeGreaterThan(3000)
      expect(ms).toBeLessThan(4500)
      // A new connection while the server is silent: the connect timeout, not a hang.
      const connecting = await failure(db.execute(sql`select 3`))
      expect(isUnavailableError(connecting.error)).toBe(true)
      expect(connecting.ms).toBeLessThan(1500)
      relay.thaw()
      // The silent connection was dropped, not handed back: the next query gets a fresh one and an answer.
      expect((await db.execute<{ four: number }>(sql`select 4 as four`)).rows[0]!.four).toBe(4)
    } finally {
      relay.close()
    }
  })
})
