import { defineConfig, devices } from '@playwright/test'
import { TIME_ZONE } from './lib/dates'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './tests/support/chromium'

// One throwaway database per run on the PostgreSQL server of DATABASE_URL; workers inherit these variables.
const port = Number(process.env.E2E_PORT ?? 3210)
// `npm run test:e2e` (scripts/with-database.ts) provides DATABASE_URL: the given server, or a throwaway embedded one.
const server = process.env.DATABASE_URL
if (!server && !process.env.E2E_DATABASE_URL)
  throw new Error(
    'DATABASE_URL is not set: run the e2e tier with `npm run test:e2e`, which provides a PostgreSQL server.',
  )
process.env.E2E_DATABASE_URL ??= (() => {
  const url = new URL(server!)
  url.pathname = `/passerelle_e2e_${port}_${Date.now()}`
  return url.toString()
})()
// Mail leaves by SMTP to a local sink (e2e/smtp-sink.ts) that files each message in the outbox the specs read.
process.env.E2E_OUTBOX_DIR ??= `${process.cwd()}/test-results/outbox-${port}-${Date.now()}`
process.env.E2E_SMTP_PORT ??= String(port + 1)
// The local OpenID Connect servers (e2e/oidc-server.ts) that play ProConnect, Google, Microsoft and France Travail.
process.env.E2E_OIDC_PORT ??= String(port + 2)
// The Twilio stand-in (tests/support/twilio-stand-in.ts) that the app's SMS go to, and its control port for the specs.
process.env.E2E_TWILIO_PORT ??= String(port + 3)
// The domain's clock (lib/clock.ts): a spec writes an instant in this file to run the reminders and the retention at it.
process.env.E2E_CLOCK_FILE ??= `${process.cwd()}/test-results/clock-${port}-${Date.now()}`
// What the server writes (e2e/serve.ts copies it here): the fuzz suite checks that bad input logs no unhandled error.
process.env.E2E_SERVER_LOG ??= `${process.cwd()}/test-results/server-${port}-${Date.now()}.log`
export const baseURL = `http://localhost:${port}`
/** The e2e server's better-auth secret (a second server in e2e/two-servers.spec.ts shares it). */
export const E2E_AUTH_SECRET = 'e2e-secret-3f9a1c7d5b2e8a4f6c0d9e1b7a3c5f8d'
// The NIR's test key (lib/crypto/nir-cipher.ts), for the server and for the specs that store a NIR themselves.
process.env.NIR_ENCRYPTION_KEY ??= 'DEwBJN5o5mYY4CVJ5fc43n+SEFAOrqh7PB1aCRAv9hU='

export default defineConfig({
  testDir: './e2e',
  // Per port: Playwright empties its output folder at start, which must not wipe another run's outbox or traces.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // `npm test` runs the specs in two lanes side by side on the machine's cores (scripts/test-all.sh): a page there can
  // take twice its time alone, so an assertion waits up to 10 s and a test up to 45 s before they fail.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: TIME_ZONE,
    // In CI a trace is recorded on the retry only: recording every test's actions costs time on 2 cores, and a test
    // that fails once is run again with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: ['setup'],
      testIgnore: /fuzz\.spec\.ts/,
    },
    // Last: the property-based suite's accepted inputs may change the demo data the other specs read. FUZZ_ALONE=1 runs it
    // after the sign-ins only (`FUZZ_ALONE=1 npx playwright test --project=fuzz`).
    { name: 'fuzz', testMatch: /fuzz\.spec\.ts/, dependencies: [process.env.FUZZ_ALONE ? 'setup' : 'chromium'] },
  ],
  webServer: {
    command: 'npx tsx e2e/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      E2E_DATABASE_URL: process.env.E2E_DATABASE_URL,
      PORT: String(port),
      BETTER_AUTH_URL: baseURL,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      NIR_ENCRYPTION_KEY: process.env.NIR_ENCRYPTION_KEY,
      NEXT_TELEMETRY_DISABLED: '1',
      OUTBOX_DIR: process.env.E2E_OUTBOX_DIR,
      E2E_SMTP_PORT: process.env.E2E_SMTP_PORT,
      E2E_OIDC_PORT: process.env.E2E_OIDC_PORT,
      E2E_TWILIO_PORT: process.env.E2E_TWILIO_PORT,
      // One trusted proxy: the referral form's load test gives each submission's address in X-Forwarded-For, as a
      // proxy would. Browsers send none, so the other specs' requests have no known address, as before.
      TRUSTED_PROXY_HOPS: '1',
      E2E_SERVER_LOG: process.env.E2E_SERVER_LOG,
    },
  },
})
