import os from 'node:os'

/**
 * The integration tier's workers: one per core, at most 4 (INTEGRATION_WORKERS overrides). The files of one worker
 * run one after the other on its own copy of the seeded database (global-setup.ts, testDatabaseUrl in db.ts).
 */
export const INTEGRATION_WORKERS = Math.max(
  1,
  Math.min(4, Number(process.env.INTEGRATION_WORKERS) || os.availableParallelism()),
)
