import type PgBoss from 'pg-boss'
import type { z } from 'zod'
import type { Db } from '@/lib/db/client'

/** pg-boss's own tables live in their own schema, beside the app's. */
export const JOB_SCHEMA = 'pgboss'

/**
 * A job's retry policy, written on its queue (lib/queue/setup.ts) so that every job sent there takes it. pg-boss
 * retries a failed job after `retryDelay · 2^n` seconds (with jitter) up to `retryLimit` times, then leaves it
 * `failed`; the handler marks its own record failed on the last attempt so that a person sees it. `expireInSeconds`
 * bounds an attempt: a worker killed in the middle leaves its job active until then, and pg-boss's supervisor hands it
 * to another attempt.
 */
export type JobPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number }

export type JobContext = {
  db: Db
  /** This attempt is the last one pg-boss will make: the handler marks its record failed instead of throwing. */
  lastAttempt: boolean
}

/**
 * One kind of job: its queue's name and policy, its data (checked before the handler runs: data that does not parse
 * completes the job as 'ignored'), how a worker takes it, and the domain call it makes.
 */
export type JobDefinition<Name extends string = string, Payload extends z.ZodType = z.ZodType> = {
  name: Name
  policy: JobPolicy
  payload: Payload
  /** A cron schedule (Paris time): the job is sent with no data at each tick, by one worker. */
  cron?: string
  /** Also sent once each time the app starts (its migrations run): a summary the pages read exists before the first tick. */
  atStart?: boolean
  /** Jobs fetched per poll (pg-boss batchSize); each is run on its own, concurrently. */
  batchSize: number
  /**
   * Polling loops per worker process (default 1). A batch ends with its slowest job, so a queue whose jobs may each wait
   * a little (a rate slot) runs several small batches side by side rather than one big one that could outlive its expiry.
   */
  concurrency?: number
  handler: (data: z.output<Payload>, context: JobContext, job: PgBoss.JobWithMetadata<unknown>) => Promise<unknown>
}

/** A job's definition, its name and data kept as literal types (the registry types `enqueue` with them). */
export const defineJob = <const Name extends string, Payload extends z.ZodType>(
  job: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> => job

/** The policy a running job was sent with (pg-boss reads its expiry back as a numeric string, which its insert refuses). */
export const policyOf = (job: PgBoss.JobWithMetadata<unknown>): JobPolicy => ({
  retryLimit: Number(job.retryLimit),
  retryDelay: Number(job.retryDelay),
  retryBackoff: job.retryBackoff,
  expireInSeconds: Math.round(Number(job.expireInSeconds)),
})
