/**
 * The digest of an error raised because PostgreSQL cannot be reached (lib/db/redact-query-errors.ts): Next.js keeps an
 * error's own digest, so the error screens, which never see the error's text, can tell a person that the service is
 * momentarily unavailable rather than that something failed (issue 16 §3). No server import: client screens read it.
 */
export const DB_UNAVAILABLE_DIGEST = 'PASSERELLE_DB_UNAVAILABLE'

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now), and the sockets' own codes. */
export function isUnavailableCode(code: string | undefined): boolean {
  return !!code && (/^08/.test(code) || /^57P0[1-3]$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
}
