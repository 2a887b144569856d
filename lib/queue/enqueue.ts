import PgBoss from 'pg-boss'
import { now } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { JOB_SCHEMA, type JobPolicy } from './job'

/**
 * Each job's data, by the job's name. The job registry (lib/jobs/registry.ts) fills it in from its definitions, so that
 * a domain names a job and its data as the registry defines them without importing the registry (which imports the
 * domains).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string

/**
 * One job to write. Its policy is its queue's (written from the registry by lib/queue/setup.ts) unless one is given: a
 * job rescheduled by its handler keeps the policy it was sent with.
 */
export type JobInput = {
  [Name in JobName]: {
    queue: Name
    data: JobPayloads[Name]
    startAfter?: Date
    singletonKey?: string
    /** With `singletonKey`: at most one job of that key per period of this many seconds (pg-boss's throttle). */
    singletonSeconds?: number
    policy?: JobPolicy
  }
}[JobName]

/**
 * pg-boss as a job writer only: no pool, no worker, no supervisor. Every call passes the caller's connection (an open
 * transaction), so a job exists exactly when the change that caused it commits.
 */
const writer = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => {
      throw new Error('lib/queue/enqueue: jobs are written on the caller’s transaction')
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
  throw new Error('lib/queue/enqueue: no node-postgres client under this handle')
}

/**
 * pg-boss compares start times with PostgreSQL's now(); the app's time is lib/clock's (fixed in tests). A start is
 * therefore written as a delay from now, which both clocks agree on.
 */
function delayOf(startAfter: Date, from: Date): string {
  return `${Math.max(0, Math.ceil((startAfter.getTime() - from.getTime()) / 1000))} seconds`
}

/**
 * Writes jobs on `db` (in one statement). Use the transaction that makes the change the jobs follow from.
 * `now` is the domain's time the start times are read from (lib/clock's by default).
 */
export async function enqueue(db: DbOrTx, jobs: JobInput | JobInput[], options: { now?: Date } = {}): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs]
  if (list.length === 0) return
  const from = options.now ?? now()
  const client = clientOf(db)
  await writer.insert(
    list.map((job) => ({
      name: job.queue,
      data: job.data as object,
      startAfter: job.startAfter ? delayOf(job.startAfter, from) : undefined,
      singletonKey: job.singletonKey,
      singletonSeconds: job.singletonSeconds,
      ...job.policy,
    })),
    { db: { executeSql: async (text, values) => (await client.query(text, values)) as { rows: never[] } } },
  )
}
