import { compactApplyTabCounts } from '@/lib/applies/tab-counts'
import { compactCandidateCounts } from '@/lib/candidates/counts'
import { compactApplyStats } from '@/lib/statistics/queries'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** Every minute: the statistics' deltas folded into their monthly counters; the apply and candidate counts into theirs. */
export const compactStatsJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.compactStats.name,
  batchSize: 1,
  run: async (_data, { db }) =>
    (await compactApplyStats(db)) + (await compactApplyTabCounts(db)) + (await compactCandidateCounts(db)),
}
