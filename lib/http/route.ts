import { unstable_rethrow } from 'next/navigation'
import { logError } from '@/lib/log'
import { isUnavailableError, UNAVAILABLE_MESSAGE } from '@/lib/unavailable'

/**
 * A route handler that never answers a bare 500 (issue 29 §2): a database out of reach or out of time is a JSON 503
 * with a French message (and Retry-After), anything else is logged (redacted: lib/db/redact-query-errors.ts) and a
 * JSON 500 with a French message. Next.js's own control flow (notFound, redirect) goes through.
 */
export function jsonRoute<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args)
    } catch (error) {
      unstable_rethrow(error)
      const headers = { 'cache-control': 'no-store' }
      if (isUnavailableError(error))
        return Response.json(
          { error: UNAVAILABLE_MESSAGE },
          { status: 503, headers: { ...headers, 'retry-after': '5' } },
        )
      logError('route', error)
      return Response.json({ error: 'Une erreur est survenue. Réessayez dans un instant.' }, { status: 500, headers })
    }
  }
}
