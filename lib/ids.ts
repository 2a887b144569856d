const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Route ids come from the URL: anything that is not a uuid is simply "not found", never a database error. Only a
 * string is one: RegExp.test would read `["<uuid>"]` (a server action's argument from a crafted request) as its text,
 * and PostgreSQL then refused the array (SQLSTATE 22P02, found by the fuzz suite).
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}
