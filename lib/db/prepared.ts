import type { DbOrTx } from './client'

/**
 * Statements read on (nearly) every request, built once per database handle instead of at each call: Drizzle builds
 * a select's SQL text from the schema at every execution (the session read took 0.36 ms of CPU that way, 0.10 ms
 * prepared, on the benchmark machine). Named, PostgreSQL also parses and plans the statement once per connection.
 * Behind PgBouncer in transaction mode (DATABASE_PGBOUNCER=1) the connection's client sends them unnamed
 * (lib/db/pgbouncer.ts): the SQL text is still built once here, PostgreSQL plans it at each execution.
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
