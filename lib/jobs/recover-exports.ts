import { z } from 'zod'
import { now } from '@/lib/clock'
import { recoverStaleExports } from '@/lib/exports/recover-exports'
import { defineJob } from '@/lib/queue/job'

/** Every minute: the exports left running by a killed worker get a new attempt, or fail visibly after the last. */
export const recoverExportsJob = defineJob({
  name: 'recover-exports',
  policy: { retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 120 },
  payload: z.object({}),
  cron: '* * * * *',
  batchSize: 1,
  handler: (_data, { db }) => recoverStaleExports(db, now()),
})
