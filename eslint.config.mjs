import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import prettier from 'eslint-config-prettier/flat'
import reactHooks from 'eslint-plugin-react-hooks'

// The domain reads the time from lib/clock.ts (`now()`), so a test can run reminders, quiet hours and expiries at a
// chosen instant. Durations use performance.now(); a browser component shows the browser's time.
const domainClock = {
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Lisez l’heure du domaine avec now() de lib/clock.ts (ou performance.now() pour une durée).',
    },
    {
      selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
      message: 'Lisez l’heure du domaine avec now() de lib/clock.ts (ou performance.now() pour une durée).',
    },
  ],
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    '.data/**',
    'next-env.d.ts',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Test fixtures named use…() (useTestDb, useTwilio) are Vitest/Playwright set-ups, not React hooks.
  {
    files: ['tests/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.test.ts'],
    rules: Object.fromEntries(Object.keys(reactHooks.rules).map((name) => [`react-hooks/${name}`, 'off'])),
  },
  { files: ['app/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'], ignores: ['lib/clock.ts', '**/*.test.ts'], rules: domainClock },
])
