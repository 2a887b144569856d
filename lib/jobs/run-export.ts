import { z } from 'zod'
import { now } from '@/lib/clock'
import { markExportFailed, runExport } from '@/lib/exports/run-export'
import { defineJob } from '@/lib/queue/job'

/** One export of /v2/settings/exports (lib/exports/run-export.ts); after its last attempt it is marked failed, for its requester to see. */
export const runExportJob = defineJob({
  name: 'run-export',
  policy: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  payload: z.object({ exportId: z.guid() }),
  batchSize: 1,
  handler: async ({ exportId }, { db, lastAttempt }) => {
    try {
      return await runExport(db, exportId, { now })
    } catch (error) {
      if (!lastAttempt) throw error
      await markExportFailed(db, exportId, now())
      return 'failed'
    }
  },
})
