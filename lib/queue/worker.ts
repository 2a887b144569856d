import PgBoss from 'pg-boss'
import { createDb, poolConfig } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { JOB_SCHEMA, type JobDefinition } from './job'

export type RunningWorker = { stop: () => Promise<void>; boss: PgBoss }

/**
 * A job worker: pg-boss on the app's PostgreSQL, running the jobs it is given. Any number of workers may share a
 * database: pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED).
 *
 * Each handler runs per job, even in a batch: a job that throws is failed alone (pg-boss retries it with back-off),
 * the others of its batch complete.
 */
export async function startWorker(options: {
  connectionString: string
  jobs: readonly JobDefinition[]
  poolMax?: number
  pollingIntervalSeconds?: number
}): Promise<RunningWorker> {
  const { db, pool } = createDb(options.connectionString, options.poolMax ?? 4)
  const boss = new PgBoss({
    // pg-boss's own pool, with the same timeouts as every other (lib/db/client.ts): it hands these to pg.Pool.
    ...(poolConfig(options.connectionString, 2) as { connectionString: string; max: number }),
    schema: JOB_SCHEMA,
    application_name: 'passerelle-worker',
    // Maintenance (expired attempts back to retry, archiving) every 10 s; the schema is migrated by whoever starts first.
    migrate: true,
    supervise: true,
    // Cron schedules (each job's `cron`) fire on every worker unless JOB_SCHEDULES=off: the test servers turn them
    // off, so that an hourly run at real time never changes the seeded data under a test.
    schedule: process.env.JOB_SCHEDULES !== 'off',
    maintenanceIntervalSeconds: 10,
  })
  boss.on('error', (error) => logError('jobs', error))
  await boss.start()

  for (const job of options.jobs.flatMap((j) => Array.from({ length: j.concurrency ?? 1 }, () => j))) {
    await boss.work<unknown>(
      job.name,
      {
        batchSize: job.batchSize,
        includeMetadata: true,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
      },
      async (batch) => {
        // Each job is completed here, on its own, once its handler returned (its outcome recorded). The jobs whose
        // handler threw are failed (retried by pg-boss) only once the whole batch is done: pg-boss then completes the
        // batch's ids still active, and a job failed earlier could by then be active again, in another worker's batch.
        // If pg-boss cannot be told (the database is gone), the batch throws: pg-boss fails what is still active, or,
        // the database still gone, the jobs stay active until their expiry and are tried again — a job is never marked
        // completed over a message whose outcome was not written.
        const failed: { id: string; error: unknown }[] = []
        let untold = 0
        await Promise.all(
          batch.map(async (one) => {
            let value: unknown
            try {
              const data = job.payload.safeParse(one.data)
              value = data.success
                ? await job.handler(data.data, { db, lastAttempt: one.retryCount >= one.retryLimit }, one)
                : 'ignored'
            } catch (error) {
              logError(`job.${job.name}`, error)
              failed.push({ id: one.id, error })
              return
            }
            await boss.complete(job.name, one.id, toOutput(value)).catch((error) => {
              logError('jobs.complete', error)
              untold += 1
            })
          }),
        )
        for (const { id, error } of failed) {
          // Only this job: pg-boss retries it after its back-off, or leaves it failed after the last attempt.
          await boss.fail(job.name, id, { error: (error as { name?: string }).name ?? 'Error' }).catch((e) => {
            logError('jobs.fail', e)
            untold += 1
          })
        }
        if (untold) throw new Error(`pg-boss could not be told the outcome of ${untold} job(s)`)
      },
    )
  }

  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
      await pool.end()
    },
  }
}

/** pg-boss keeps a job's output as JSON: an object as is, anything else wrapped. */
function toOutput(value: unknown): object | undefined {
  if (value === undefined || value === null) return undefined
  return typeof value === 'object' ? (value as object) : { value }
}
