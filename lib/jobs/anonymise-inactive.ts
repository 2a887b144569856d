import { z } from 'zod'
import { now } from '@/lib/clock'
import { defineJob } from '@/lib/queue/job'
import { runRetention } from '@/lib/retention/run-retention'

/** The nightly retention run (02:30, Paris): every organisation's inactive candidates anonymised (lib/retention). */
export const anonymiseInactiveJob = defineJob({
  name: 'anonymise-inactive',
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
  payload: z.object({}),
  cron: '30 2 * * *',
  batchSize: 1,
  handler: (_data, { db }) => runRetention(db, now()),
})
