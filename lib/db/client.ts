import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg, { Pool, type PoolConfig } from 'pg'
import * as schema from './schema'
import './redact-query-errors'
import { logError } from '../log'
import { applyRoleTimeouts, behindPgBouncer, forTransactionPooling, localTimeouts } from './pgbouncer'

export type Db = NodePgDatabase<typeof schema>
/** A database handle or an open transaction: domain functions accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

/** A whole number of milliseconds from the environment, else the default. */
function ms(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback
}

/**
 * Every wait on PostgreSQL has an end, each a setting (docs/operations.md):
 * - DATABASE_CONNECT_TIMEOUT_MS (5 s): a new connection, and a checkout from a full pool;
 * - DATABASE_STATEMENT_TIMEOUT_MS (15 s): one statement, ended by the server (57014);
 * - DATABASE_LOCK_TIMEOUT_MS (5 s): one lock wait (55P03);
 * - DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS (30 s): a transaction left open between statements;
 * - and, on the client, the statement's time plus 3 s: a server that stopped answering (paused, or a network that
 *   drops packets without a reset) cannot end a statement itself.
 */
export function databaseTimeouts(overrides: PoolOverrides = {}) {
  const statement = overrides.statementTimeoutMs ?? ms('DATABASE_STATEMENT_TIMEOUT_MS', 15_000)
  return {
    connectMs: ms('DATABASE_CONNECT_TIMEOUT_MS', 5_000),
    statementMs: statement,
    lockMs: ms('DATABASE_LOCK_TIMEOUT_MS', 5_000),
    idleInTransactionMs: ms('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    readMs: statement + 3_000,
  }
}

/** The pool's settings for a client behind PgBouncer (lib/db/pgbouncer.ts): the SET LOCALs that open a transaction. */
type PasserelleClientConfig = pg.ClientConfig & { transactionSettings?: string }

/**
 * A connection whose statement got no answer in time is closed, not handed back to the pool: its statement may still
 * be running on the server, and the next query on it would queue behind it. (node-postgres's query_timeout answers
 * the caller but keeps the connection.)
 */
class BoundedClient extends pg.Client {
  private readonly transactionSettings: string | undefined

  constructor(config?: string | PasserelleClientConfig) {
    super(config)
    this.transactionSettings = typeof config === 'object' ? config.transactionSettings : undefined
    // The server may end a connection while it is checked out (idle in transaction past its timeout, a restart, an
    // administrator): node-postgres then emits 'error', which would end the process with no listener. The query in
    // flight fails on its own, and the pool drops the connection.
    this.on('error', (error) => logError('db.client', error))
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-postgres's query() has a dozen overloads.
  override query(...args: any[]): any {
    if (this.transactionSettings !== undefined)
      args[0] = forTransactionPooling(args[0], args[1], this.transactionSettings)
    const last = args.length - 1
    if (typeof args[last] === 'function') {
      const callback = args[last]
      args[last] = (error: Error | null, result: unknown) => {
        if (error?.message === 'Query read timeout') destroy(this)
        callback(error, result)
      }
      return (super.query as (...a: unknown[]) => unknown)(...args)
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args)
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      ;(result as Promise<unknown>).catch((error: Error) => {
        if (error?.message === 'Query read timeout') destroy(this)
      })
    }
    return result
  }
}

function destroy(client: pg.Client) {
  ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
}

export type PoolOverrides = {
  statementTimeoutMs?: number
  /** Through PgBouncer in transaction mode (lib/db/pgbouncer.ts); DATABASE_PGBOUNCER=1 by default. */
  pgbouncer?: boolean
}

/**
 * The pool settings every process uses (web, job worker, pg-boss, scripts): the timeouts above on every connection,
 * as startup parameters; behind PgBouncer, which refuses those, in each transaction and in the role (pgbouncer.ts).
 */
export function poolConfig(connectionString: string, max: number, overrides: PoolOverrides = {}): PoolConfig {
  const t = databaseTimeouts(overrides)
  const common = {
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: t.connectMs,
    query_timeout: t.readMs,
    keepAlive: true,
    Client: BoundedClient,
  }
  if (overrides.pgbouncer ?? behindPgBouncer())
    return { ...common, transactionSettings: localTimeouts(t) } as PasserelleClientConfig & PoolConfig
  return {
    ...common,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  }
}

/**
 * Behind PgBouncer (DATABASE_PGBOUNCER=1), the role's default timeouts in this database, for the statements run
 * outside a transaction: set with the migrations, from the same settings (lib/db/pgbouncer.ts). Nothing otherwise.
 */
export async function applyPgBouncerRoleTimeouts(db: Db): Promise<void> {
  if (behindPgBouncer()) await applyRoleTimeouts(db, databaseTimeouts())
}

/** DATABASE_POOL_MAX (8): two servers of 4 cores fit PostgreSQL's default 100 connections (docs/operations.md). */
export function createDb(
  connectionString: string,
  max = Number(process.env.DATABASE_POOL_MAX ?? 8),
  overrides: PoolOverrides = {},
): { db: Db; pool: Pool } {
  const pool = new Pool(poolConfig(connectionString, max, overrides))
  // A dropped idle connection must not crash the server; the pool replaces it.
  pool.on('error', (error) => logError('db.idle-client', error))
  return { db: drizzle(pool, { schema }), pool }
}

const cache = globalThis as unknown as { __passerelleDb?: { db: Db; pool: Pool } }

/** The process-wide database, on DATABASE_URL (scripts/start.ts sets it to the embedded server when none is given). */
export function getDb(): Db {
  if (!cache.__passerelleDb) {
    const url = process.env.DATABASE_URL
    if (!url)
      throw new Error(
        'DATABASE_URL is not set: start Passerelle with `npm start`, which provides the embedded database.',
      )
    cache.__passerelleDb = createDb(url)
  }
  return cache.__passerelleDb.db
}
