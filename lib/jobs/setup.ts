import PgBoss from 'pg-boss'
import type { Pool } from 'pg'
import { JOB_SCHEMA, QUEUES, SCHEDULE_TIME_ZONE, SCHEDULES } from './queues'

/**
 * pg-boss's schema (its own migrations, under its advisory lock) and the app's queues, on the pool of the caller.
 * Run with the app's migrations (lib/db/migrate.ts), so that web processes can enqueue before any worker started.
 */
export async function ensureJobQueues(pool: Pool): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: { executeSql: (text, values) => pool.query(text, values) },
    migrate: true,
    supervise: false,
    schedule: false,
  })
  await boss.start()
  try {
    for (const queue of Object.values(QUEUES)) await boss.createQueue(queue.name, queue)
    for (const schedule of SCHEDULES) await boss.schedule(schedule.queue, schedule.cron, {}, { tz: SCHEDULE_TIME_ZONE })
  } finally {
    await boss.stop({ graceful: false, wait: false })
  }
}
