import type PgBoss from 'pg-boss'
import type { Db } from '@/lib/db/client'
import type { QueueName } from './queues'

export type JobContext = {
  db: Db
  /** This attempt is the last one pg-boss will make: the handler marks its record failed instead of throwing. */
  lastAttempt: boolean
}

/** One kind of job: its queue, how many a worker takes at once, and the domain call it makes for each. */
export type JobHandler<Data = Record<string, unknown>> = {
  queue: QueueName
  /** Jobs fetched per poll (pg-boss batchSize); each is run on its own, concurrently. */
  batchSize: number
  /**
   * Polling loops per worker process (default 1). A batch ends with its slowest job, so a queue whose jobs may each wait
   * a little (a rate slot) runs several small batches side by side rather than one big one that could outlive its expiry.
   */
  concurrency?: number
  run: (data: Data, context: JobContext, job: PgBoss.JobWithMetadata<Data>) => Promise<unknown>
}
