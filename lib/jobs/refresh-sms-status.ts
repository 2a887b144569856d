import { z } from 'zod'
import { now } from '@/lib/clock'
import { defineJob } from '@/lib/queue/job'
import { refreshStaleSmsStatuses } from '@/lib/sms/refresh-status'

/**
 * Every 10 minutes: the SMS still `sending` whose status callbacks never came are asked about (lib/sms/refresh-status.ts).
 * The cron sends no data; a run sent by hand may ask sooner with { staleSeconds } (0 to 86 400).
 */
export const refreshSmsStatusJob = defineJob({
  name: 'refresh-sms-status',
  policy: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 600 },
  payload: z.object({ staleSeconds: z.number().int().min(0).max(86_400).optional().catch(undefined) }),
  cron: '*/10 * * * *',
  batchSize: 1,
  handler: ({ staleSeconds }, { db }) => refreshStaleSmsStatuses(db, { now: now(), staleSeconds }),
})
