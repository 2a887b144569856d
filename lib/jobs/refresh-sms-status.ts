import { now } from '@/lib/clock'
import { refreshStaleSmsStatuses } from '@/lib/sms/refresh-status'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/**
 * Every 10 minutes: the SMS whose status callbacks never came are asked about (lib/sms/refresh-status.ts). The cron
 * sends no data; a run sent by hand may ask sooner with { staleSeconds } (0 to 86 400).
 */
export const refreshSmsStatusJob: JobHandler<{ staleSeconds?: unknown }> = {
  queue: QUEUES.refreshSmsStatus.name,
  batchSize: 1,
  run: async ({ staleSeconds }, { db }) => {
    const stale =
      typeof staleSeconds === 'number' && Number.isInteger(staleSeconds) && staleSeconds >= 0 && staleSeconds <= 86_400
        ? staleSeconds
        : undefined
    return refreshStaleSmsStatuses(db, { now: now(), staleSeconds: stale })
  },
}
