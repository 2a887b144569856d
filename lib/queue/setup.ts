import PgBoss from 'pg-boss'
import type { Pool } from 'pg'
import { TIME_ZONE } from '@/lib/dates'
import { JOB_SCHEMA, type JobDefinition } from './job'

/**
 * pg-boss's schema (its own migrations, under its advisory lock), then each job's queue with its policy (written again
 * on every run, so that a policy changed in code reaches the jobs sent from then on) and its cron schedule, on the pool
 * of the caller. Run with the app's migrations, so that web processes can enqueue before any worker started.
 */
export async function ensureQueues(pool: Pool, jobs: readonly JobDefinition[]): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: { executeSql: (text, values) => pool.query(text, values) },
    migrate: true,
    supervise: false,
    schedule: false,
  })
  await boss.start()
  try {
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, ...job.policy })
      await boss.updateQueue(job.name, { name: job.name, ...job.policy })
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: TIME_ZONE })
      // Once per start; two processes starting together send it once (a singleton for a minute).
      if (job.atStart) await boss.send(job.name, {}, { singletonKey: 'at-start', singletonSeconds: 60 })
    }
  } finally {
    await boss.stop({ graceful: false, wait: false })
  }
}
