import { defineRoute, json } from '@/lib/frame/route'
import { databaseAnswers, migrationsApplied } from '@/lib/health/checks'

export const dynamic = 'force-dynamic'

/**
 * Readiness, for a load balancer: the database answers and carries every migration of this build (an app server
 * started before the deploy's migrations ran, or against the wrong database, takes no traffic). 200 or 503, within
 * the probes' 1.5 s each.
 */
export const GET = defineRoute({
  name: 'ready',
  session: 'none',
  run: async () => {
    const database = await databaseAnswers()
    const migrations = database && (await migrationsApplied())
    const ready = database && migrations
    return json({ status: ready ? 'ready' : 'not-ready', database, migrations }, { status: ready ? 200 : 503 })
  },
})
