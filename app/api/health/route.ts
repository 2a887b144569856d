import { databaseAnswers } from '@/lib/health/checks'

export const dynamic = 'force-dynamic'

/**
 * Liveness and database reachability, for the launcher, the tests and a monitor: 200, or 503 when PostgreSQL does not
 * answer within 1.5 s (whatever holds it: a full pool, a stopped server), so the probe itself never hangs.
 */
export async function GET() {
  return (await databaseAnswers())
    ? Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } })
    : Response.json({ status: 'unavailable' }, { status: 503, headers: { 'cache-control': 'no-store' } })
}
