import { sql, type SQL } from 'drizzle-orm'

/** What applyRoleTimeouts needs of the database: the client's Db, without importing the client that imports this. */
type Executes = { execute(query: SQL): Promise<unknown> }

/**
 * DATABASE_PGBOUNCER=1: PostgreSQL is reached through a pooler in transaction mode (PgBouncer, as managed offers put
 * in front of the server), where consecutive transactions of one client connection run on different server
 * connections. A server connection then holds nothing a client can count on from one transaction to the next:
 * - a named prepared statement exists on the server connection that prepared it only, so statements go unnamed;
 * - PgBouncer refuses the startup parameters that carry the timeouts (or drops them when ignore_startup_parameters
 *   lists them; 1.18 refuses `options` too), and a session SET would reach other clients: the timeouts are set with
 *   SET LOCAL in the message that opens each transaction, and, for statements outside a transaction, as the role's
 *   defaults in this database (applyRoleTimeouts, run with the migrations).
 */
export function behindPgBouncer(): boolean {
  return ['1', 'true'].includes((process.env.DATABASE_PGBOUNCER ?? '').trim().toLowerCase())
}

export type ServerTimeouts = { statementMs: number; lockMs: number; idleInTransactionMs: number }

/** The statements that give one transaction the process's timeouts (whole milliseconds, so no quoting is needed). */
export function localTimeouts(t: ServerTimeouts): string {
  return [
    `set local statement_timeout = ${Math.floor(t.statementMs)}`,
    `set local lock_timeout = ${Math.floor(t.lockMs)}`,
    `set local idle_in_transaction_session_timeout = ${Math.floor(t.idleInTransactionMs)}`,
  ].join('; ')
}

const BEGIN = /^\s*(begin|start\s+transaction)\b[^;]*;?\s*$/i

/**
 * A query as it may reach a transaction pooler: without its statement name, and, when it opens a transaction, followed
 * in the same simple-protocol message by the transaction's SET LOCALs (no round trip more). Anything else unchanged.
 */
export function forTransactionPooling(query: unknown, values: unknown, settings: string): unknown {
  const opens = (text: unknown) =>
    typeof text === 'string' && BEGIN.test(text) && !(Array.isArray(values) && values.length > 0)
  const withSettings = (text: string) => `${text.trim().replace(/;$/, '')}; ${settings}`
  if (typeof query === 'string') return opens(query) ? withSettings(query) : query
  // A Submittable (pg.Query, a cursor) is the caller's own object: left alone.
  if (!query || typeof query !== 'object' || typeof (query as { submit?: unknown }).submit === 'function') return query
  let config = query as { name?: string; text?: string; values?: unknown[] }
  if (config.name) config = { ...config, name: undefined }
  if (opens(config.text) && !config.values?.length) config = { ...config, text: withSettings(config.text!) }
  return config
}

/**
 * The role's default in this database, and the same value on the server connection running it: that connection was
 * opened before the default existed and stays in PgBouncer's pool, so it would otherwise keep none until renewed. The
 * value it gets is the one every new connection starts with.
 */
const roleSetting = (name: string, value: number) =>
  `execute format('alter role current_user in database %I set ${name} = %L', current_database(), '${Math.floor(value)}ms'); ` +
  `perform set_config('${name}', '${Math.floor(value)}ms', false);`

/**
 * Behind PgBouncer, the timeouts of statements run outside a transaction are the role's defaults in this database:
 * set here from the process's settings (an ordinary role may set its own). Server connections PgBouncer opened before
 * by other clients keep their former values until PgBouncer renews them (server_lifetime). Without the right to do it,
 * the operator is told the statements to run, and the migrations go on: transactions keep their SET LOCALs.
 */
export async function applyRoleTimeouts(db: Executes, t: ServerTimeouts): Promise<void> {
  const statements = [
    roleSetting('statement_timeout', t.statementMs),
    roleSetting('lock_timeout', t.lockMs),
    roleSetting('idle_in_transaction_session_timeout', t.idleInTransactionMs),
  ]
  try {
    await db.execute(sql.raw(`do $$ begin ${statements.join(' ')} end $$`))
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
    console.warn(
      'DATABASE_PGBOUNCER\u00a0: le rôle PostgreSQL de Passerelle n’a pas pu recevoir ses délais par défaut. ' +
        'Exécutez en administrateur, dans la base de Passerelle\u00a0: ' +
        `ALTER ROLE <rôle> IN DATABASE <base> SET statement_timeout = '${t.statementMs}ms'; ` +
        `ALTER ROLE <rôle> IN DATABASE <base> SET lock_timeout = '${t.lockMs}ms'; ` +
        `ALTER ROLE <rôle> IN DATABASE <base> SET idle_in_transaction_session_timeout = '${t.idleInTransactionMs}ms';`,
    )
  }
}
