import { z } from 'zod'
import { compactApplyTabCounts } from '@/lib/prescriptions/counts'
import { compactCandidateCounts } from '@/lib/candidates/counts'
import { defineJob } from '@/lib/queue/job'
import { compactApplyStats, compactSmsStats, compactWorkshopStats } from '@/lib/statistics/queries'

/**
 * Every minute: the statistics' deltas (prescriptions, workshops, SMS) folded into their monthly counters; the apply and
 * candidate counts into theirs.
 */
export const compactStatsJob = defineJob({
  name: 'compact-stats',
  policy: { retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
  payload: z.object({}),
  cron: '* * * * *',
  batchSize: 1,
  handler: async (_data, { db }) =>
    (await compactApplyStats(db)) +
    (await compactWorkshopStats(db)) +
    (await compactSmsStats(db)) +
    (await compactApplyTabCounts(db)) +
    (await compactCandidateCounts(db)),
})
