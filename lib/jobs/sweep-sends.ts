import { now } from '@/lib/clock'
import { sweepSends } from '@/lib/delivery/sweep'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** Every minute: the SMS and mails stuck `sending` past their lease, settled (lib/delivery/sweep.ts). */
export const sweepSendsJob: JobHandler = {
  queue: QUEUES.sweepSends.name,
  batchSize: 1,
  run: async (_data, { db }) => sweepSends(db, { now: now() }),
}
