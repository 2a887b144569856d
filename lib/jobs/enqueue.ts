import PgBoss from 'pg-boss'
import { now } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { JOB_SCHEMA, QUEUES, type QueueName } from './queues'

/**
 * pg-boss as a job writer only: no pool, no worker, no supervisor. Every call passes the caller's connection (an open
 * transaction), so a job exists exactly when the change that caused it commits.
 */
const writer = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => {
      throw new Error('lib/jobs/enqueue: jobs are written on the caller’s transaction')
    },
  },
})

type PgClient = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> }

/** The node-postgres client under a Drizzle handle or transaction (the one its queries run on). */
function clientOf(db: DbOrTx): PgClient {
  const session = (db as unknown as { session?: { client?: PgClient } }).session
  if (session?.client && typeof session.client.query === 'function') return session.client
  const $client = (db as unknown as { $client?: PgClient }).$client
  if ($client) return $client
  throw new Error('lib/jobs/enqueue: no node-postgres client under this handle')
}

function adapter(db: DbOrTx): PgBoss.Db {
  const client = clientOf(db)
  return {
    executeSql: async (text, values) => (await client.query(text, values)) as { rows: unknown[] } as { rows: never[] },
  }
}

/**
 * pg-boss compares start times with PostgreSQL's now(); the app's time is lib/clock's (fixed in tests). A start is
 * therefore written as a delay from now, which both clocks agree on.
 */
function delayOf(startAfter: Date, from: Date): string {
  return `${Math.max(0, Math.ceil((startAfter.getTime() - from.getTime()) / 1000))} seconds`
}

export type JobPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number }

/** `policy`: the queue's own unless given (a job rescheduled by its handler keeps the policy it was given). */
export type JobInput = {
  queue: QueueName
  data: Record<string, unknown>
  startAfter?: Date
  singletonKey?: string
  /** With `singletonKey`: at most one job of that key per period of this many seconds (pg-boss's throttle). */
  singletonSeconds?: number
  policy?: JobPolicy
}

const policyOf = (queue: QueueName) => Object.values(QUEUES).find((q) => q.name === queue)!

/**
 * Writes jobs on `db` (in one statement). Use the transaction that makes the change the jobs follow from.
 * `now` is the domain's time the start times are read from (lib/clock's by default).
 */
export async function enqueue(db: DbOrTx, jobs: JobInput | JobInput[], options: { now?: Date } = {}): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs]
  if (list.length === 0) return
  const from = options.now ?? now()
  await writer.insert(
    list.map((job) => {
      const policy = job.policy ?? policyOf(job.queue)
      return {
        name: job.queue,
        data: job.data,
        startAfter: job.startAfter ? delayOf(job.startAfter, from) : undefined,
        singletonKey: job.singletonKey,
        singletonSeconds: job.singletonSeconds,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelay,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      }
    }),
    { db: adapter(db) },
  )
}
