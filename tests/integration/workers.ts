import os from 'node:os'

/**
 * The integration tier's workers: one per core, at most 4 (INTEGRATION_WORKERS overrides). The files of one worker
 * run one after the other on its own copy of the seeded database (global-setup.ts, testDatabaseUrl in db.ts).
 */
export const INTEGRATION_WORKERS = Math.max(
  1,
  Math.min(4, Number(process.env.INTEGRATION_WORKERS) || os.availableParallelism()),
)

/**
 * The secrets of the integration tier's processes (vitest.config.ts gives them to the test files; global-setup.ts to
 * the demo seed, whose invitation codes are hashed and sealed under the same key). Test values, never production ones.
 */
export const INTEGRATION_SECRETS = {
  BETTER_AUTH_SECRET: 'integration-secret-7c1e9a4b2d6f8e0a3c5b7d9f1e2a4c6b',
  NIR_ENCRYPTION_KEY: '8qfd+ViBf9qhabmdB1SD0GcfWg6QLKpHsZzmkrL964k=',
}
