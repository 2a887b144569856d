import { defineRoute, json } from '@/lib/frame/route'
import { databaseAnswers } from '@/lib/health/checks'

export const dynamic = 'force-dynamic'

/**
 * Liveness and database reachability, for the launcher, the tests and a monitor: 200, or 503 when PostgreSQL does not
 * answer within 1.5 s (whatever holds it: a full pool, a stopped server), so the probe itself never hangs.
 */
export const GET = defineRoute({
  name: 'health',
  session: 'none',
  run: async () =>
    (await databaseAnswers()) ? json({ status: 'ok' }) : json({ status: 'unavailable' }, { status: 503 }),
})
