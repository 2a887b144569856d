/**
 * Logs a failure without personal data: error messages can carry SQL parameters or email addresses
 * (Drizzle puts the query's params in its message), so only the kind of error and its code are written.
 */
export function logError(context: string, error: unknown): void {
  const e = error as { name?: string; code?: string; cause?: { code?: string; name?: string } } | null
  const kind = e?.name ?? typeof error
  const code = e?.code ?? e?.cause?.code
  console.error(`[${context}] ${kind}${code ? ` (${code})` : ''}`)
}
