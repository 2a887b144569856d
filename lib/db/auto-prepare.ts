import { createHash } from 'node:crypto'
import { NodePgSession } from 'drizzle-orm/node-postgres'

/**
 * Every query with parameters runs as a named prepared statement (issue 16 §1), as lib/db/prepared.ts does by hand
 * for the hottest ones. Unnamed, PostgreSQL parses and plans a statement at every execution: the bench's list pages
 * spent 5 to 18 ms of the database's CPU per view planning their joins again (the actions dashboard: 18 of its 20 ms).
 * Named, each connection parses it once and, after five executions, plans it once if a generic plan is as good
 * (PostgreSQL's plan cache decides, per statement).
 *
 * The name is a hash of the SQL text, so one text is one statement on each connection. At most MAX_NAMED texts per
 * process are named (the rest stay unnamed), so that SQL built with a varying shape cannot grow the connections'
 * statements without bound. Queries without parameters keep node-postgres's simple protocol (`begin`, `commit`, a
 * script of several statements).
 */
const MAX_NAMED = 1000
const names = new Map<string, string>()

export function statementName(text: string): string | undefined {
  let name = names.get(text)
  if (name || names.size >= MAX_NAMED) return name
  name = `q_${createHash('sha1').update(text).digest('base64url')}`
  names.set(text, name)
  return name
}

type PrepareQuery = (query: { sql: string; params: unknown[] }, fields: unknown, name: string | undefined, ...rest: unknown[]) => unknown
const proto = NodePgSession.prototype as unknown as { prepareQuery: PrepareQuery; __autoPrepared?: boolean }

if (!proto.__autoPrepared) {
  const original = proto.prepareQuery
  proto.prepareQuery = function (this: unknown, query, fields, name, ...rest) {
    if (!name && query.params.length > 0) name = statementName(query.sql)
    return original.call(this, query, fields, name, ...rest)
  }
  proto.__autoPrepared = true
}
