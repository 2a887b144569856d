import { now } from '@/lib/clock'
import { purgeExpiredExports } from '@/lib/exports/queries'
import { recoverStaleExports } from '@/lib/exports/recover-exports'
import { markExportFailed, runExport } from '@/lib/exports/run-export'
import { isUuid } from '@/lib/ids'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** One export (lib/exports/run-export.ts); after its last attempt it is marked failed, for its requester to see. */
export const runExportJob: JobHandler<{ exportId?: unknown }> = {
  queue: QUEUES.runExport.name,
  batchSize: 1,
  run: async ({ exportId }, { db, lastAttempt }) => {
    if (typeof exportId !== 'string' || !isUuid(exportId)) return 'ignored'
    try {
      return await runExport(db, exportId, { now })
    } catch (error) {
      if (!lastAttempt) throw error
      await markExportFailed(db, exportId, now())
      return 'failed'
    }
  },
}

/** Every hour: the files of exports past their 7 days are deleted. */
export const purgeExportsJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.purgeExports.name,
  batchSize: 1,
  run: async (_data, { db }) => purgeExpiredExports(db, now()),
}

/** Every minute: the exports left running by a killed worker get a new attempt, or fail visibly after the last. */
export const recoverExportsJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.recoverExports.name,
  batchSize: 1,
  run: async (_data, { db }) => recoverStaleExports(db, now()),
}
