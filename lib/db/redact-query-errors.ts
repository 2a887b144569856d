import { PgPreparedQuery } from 'drizzle-orm/pg-core'
import { DB_UNAVAILABLE_DIGEST, isUnavailableError } from '../unavailable'

/**
 * Drizzle's query errors carry the SQL parameters in their message ("params: …"), and PostgreSQL's own
 * errors can quote the values (a search text, an email in a unique-violation detail). Next.js logs
 * uncaught errors whole, so personal data would reach the logs. Every failed query is therefore rethrown
 * as an error that keeps only what is safe to log and to branch on: the SQLSTATE code and the constraint.
 */
export class DatabaseQueryError extends Error {
  readonly code: string | undefined
  readonly constraint: string | undefined
  constructor(source: unknown) {
    const cause =
      (source as { cause?: { code?: string; constraint?: string } })?.cause ??
      (source as { code?: string; constraint?: string })
    super(`Database query failed${cause?.code ? ` (SQLSTATE ${cause.code})` : ''}`)
    this.name = 'DatabaseQueryError'
    this.code = cause?.code
    this.constraint = cause?.constraint
    // The database out of reach or out of time (refused, restarted, connection cut, a timeout): the error screens say
    // so (lib/unavailable.ts).
    if (isUnavailableError(source)) this.digest = DB_UNAVAILABLE_DIGEST
  }
  readonly digest: string | undefined
}

type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>
const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache; __redacted?: boolean }

if (!proto.__redacted) {
  const original = proto.queryWithCache
  proto.queryWithCache = async function (this: unknown, queryString, params, query) {
    try {
      return await original.call(this, queryString, params, query)
    } catch (error) {
      throw new DatabaseQueryError(error)
    }
  }
  proto.__redacted = true
}
