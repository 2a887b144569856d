/**
 * The digest of an error raised because PostgreSQL cannot be reached or did not answer in time
 * (lib/db/redact-query-errors.ts): Next.js keeps an error's own digest, so the error screens, which never see the
 * error's text, can tell a person that the service is momentarily unavailable rather than that something failed
 *. No server import: client screens read it.
 */
export const DB_UNAVAILABLE_DIGEST = 'PASSERELLE_DB_UNAVAILABLE'

/** What a route handler answers (503, JSON) when the database is out of reach or out of time. */
export const UNAVAILABLE_MESSAGE = 'Le service est momentanément indisponible. Réessayez dans quelques instants.'

/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now), a
 * statement or lock wait past its timeout (57014, 55P03), and the sockets' own codes.
 */
export function isUnavailableCode(code: string | undefined): boolean {
  return (
    !!code &&
    (/^08/.test(code) ||
      /^57P0[1-3]$/.test(code) ||
      ['57014', '55P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
  )
}

/** node-postgres's own words when a connection is cut, refused or out of time (pool checkout, query read timeout). */
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|Cannot use a pool after calling end/i

/** Whether an error (or its cause) says the database is out of reach or did not answer in time. */
export function isUnavailableError(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; digest?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (
      e.digest === DB_UNAVAILABLE_DIGEST ||
      isUnavailableCode(e.code) ||
      UNAVAILABLE_TEXT.test(String(e.message ?? ''))
    )
      return true
  }
  return false
}
