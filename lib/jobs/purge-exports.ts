import { z } from 'zod'
import { now } from '@/lib/clock'
import { purgeExpiredExports } from '@/lib/exports/queries'
import { defineJob } from '@/lib/queue/job'

/** Every hour: the files of exports past their 7 days are deleted. */
export const purgeExportsJob = defineJob({
  name: 'purge-exports',
  policy: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  payload: z.object({}),
  cron: '20 * * * *',
  batchSize: 1,
  handler: (_data, { db }) => purgeExpiredExports(db, now()),
})
