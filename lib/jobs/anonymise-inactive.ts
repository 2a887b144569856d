import { now } from '@/lib/clock'
import { runRetention } from '@/lib/retention/run-retention'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** The nightly retention run (02:30, Paris): every organisation's inactive candidates anonymised (lib/retention). */
export const anonymiseInactiveJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.anonymiseInactive.name,
  batchSize: 1,
  run: async (_data, { db }) => runRetention(db, now()),
}
