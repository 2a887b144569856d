import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from './client'

/**
 * Statements read on (nearly) every request, built once per database handle instead of at each call: Drizzle builds
 * a select's SQL text from the schema at every execution (the session read took 0.36 ms of CPU that way, 0.10 ms
 * prepared, on the benchmark machine). Named, PostgreSQL also parses and plans the statement once per connection.
 * Behind PgBouncer in transaction mode (DATABASE_PGBOUNCER=1) the connection's client sends them unnamed
 * (lib/db/pgbouncer.ts): the SQL text is still built once here, PostgreSQL plans it at each execution.
 *
 * A value the code fixes (a state, a flag) is written into the text with `constant`, never bound: PostgreSQL plans a
 * named statement for its parameters' values five times, then keeps one generic plan when that plan is no worse. A
 * generic plan cannot use a partial index whose predicate names a bound value (`state = $2` may be any state), so a
 * statement that filtered on a bound state was planned again at each execution, for ever (0.6–1 ms of PostgreSQL
 * each at full scale: the partner's dashboard had three). tests/integration/prepared-statements.int.test.ts checks
 * that the dashboards' statements bind only what the request brings. PostgreSQL may still keep planning a statement
 * whose generic plan it estimates dearer for a skewed value (the busiest structure's archives, the organisation's late
 * prescriptions, whose row count is a parameter): those stay planned at each execution.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = new Map()))
  let statement = statements.get(name) as T | undefined
  if (!statement) {
    statement = build(`passerelle_${name}`)
    statements.set(name, statement)
  }
  return statement
}

const cache = new WeakMap<object, Map<string, unknown>>()

/**
 * A value fixed in the code, as an SQL literal in a prepared statement's text (see `prepared`): a string (a state, a
 * kind) quoted, or a boolean. Never a value that comes from a request: those are placeholders.
 */
export function constant(value: string | boolean): SQL {
  return sql.raw(typeof value === 'boolean' ? String(value) : `'${value.replaceAll("'", "''")}'`)
}
