import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import prettier from 'eslint-config-prettier/flat'
import reactHooks from 'eslint-plugin-react-hooks'

// The domain reads the time from lib/clock.ts (`now()`), so a test can run reminders, quiet hours and expiries at a
// chosen instant. Durations use performance.now(); a browser component shows the browser's time.
const CLOCK = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Lisez l’heure du domaine avec now() de lib/clock.ts (ou performance.now() pour une durée).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Lisez l’heure du domaine avec now() de lib/clock.ts (ou performance.now() pour une durée).',
  },
]

// Each value rule has one home (the kernel); these keep it there. `home` is the file allowed to hold the pattern.
const PARIS = 'Le fuseau de Paris vit dans lib/dates.ts (TIME_ZONE, parisToday…) et, en SQL, dans lib/dates-sql.ts.'
const VALUE_RULES = [
  { home: 'lib/dates.ts', selector: "Literal[value='Europe/Paris']", message: PARIS },
  { home: 'lib/dates.ts', selector: 'TemplateElement[value.raw=/Europe\\/Paris/]', message: PARIS },
  {
    home: 'lib/dates.ts',
    selector: 'Literal[value=86400000]',
    message: 'Une journée : DAY_MS, addElapsedDays() ou les jours de calendrier de lib/dates.ts.',
  },
  {
    home: 'lib/dates.ts',
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Les dates et les heures s’écrivent avec lib/dates.ts (formatDate, formatTime, formatLongDay…).',
  },
  {
    home: 'lib/numbers.ts',
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
    message: 'Les nombres s’écrivent avec lib/numbers.ts (formatNumber, formatOneDecimal, formatPercent).',
  },
  {
    home: 'lib/numbers.ts',
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: 'Les nombres s’écrivent avec lib/numbers.ts (formatNumber…), les dates avec lib/dates.ts (formatDate…).',
  },
  {
    home: 'lib/ids.ts',
    selector: 'Literal[regex.pattern=/0-9a-f\\]\\{8\\}-/i]',
    message: 'Un identifiant se vérifie avec isUuid() de lib/ids.ts (ou z.uuid() dans un schéma).',
  },
]
const valueRules = (file) =>
  VALUE_RULES.filter((r) => r.home !== file).map(({ selector, message }) => ({ selector, message }))

// Where the value rules apply: the app, its seeds, scripts, benches and tests. The clock rule is the domain's only.
const CODE = [
  '{app,lib,components,db,i18n,scripts,bench,tests,e2e}/**/*.{ts,tsx,mjs}',
  'proxy.ts',
  'instrumentation.ts',
]
const DOMAIN = ['app/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}']
const KERNEL = [...new Set(VALUE_RULES.map((r) => r.home))]

// Libraries with a home in the kernel: the rest of the code goes through it.
const KERNEL_IMPORTS = [
  { group: ['date-fns', 'date-fns/*', 'date-fns-tz'], message: 'Les dates passent par lib/dates.ts.' },
  {
    group: ['libphonenumber-js', 'libphonenumber-js/*'],
    message: 'Les numéros passent par lib/phone.ts (et lib/sms/mobile-number.ts pour les SMS).',
  },
]
// Components render what a page hands them: the database is read by the page or lib/, never by a component.
const COMPONENT_IMPORTS = [
  {
    group: ['@/lib/db', '@/lib/db/*'],
    allowTypeImports: true,
    message: 'Un composant affiche ce que sa page lui donne : la lecture de la base est celle de la page ou de lib/.',
  },
]
// Job handlers (lib/jobs) import the domains; a domain enqueues its work through lib/queue, by the job's name.
const DOMAIN_IMPORTS = [
  {
    group: ['@/lib/jobs', '@/lib/jobs/*'],
    message:
      'Un domaine met son travail en file avec enqueue() de lib/queue, par le nom du job ; lib/jobs importe les domaines, pas l’inverse.',
  },
]
const restrictedImports = (patterns) => ['error', { patterns }]

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
  // ESLint keeps the last options given for a rule: each block below lists every restriction its files have.
  { files: CODE, rules: { 'no-restricted-syntax': ['error', ...valueRules(null)] } },
  {
    files: DOMAIN,
    ignores: ['lib/clock.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK, ...valueRules(null)] },
  },
  ...KERNEL.map((file) => ({
    files: [file],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK, ...valueRules(file)] },
  })),
  { files: CODE, rules: { 'no-restricted-imports': restrictedImports(KERNEL_IMPORTS) } },
  {
    files: ['{app,components,lib}/**/*.{ts,tsx}'],
    ignores: ['lib/jobs/**'],
    rules: { 'no-restricted-imports': restrictedImports([...KERNEL_IMPORTS, ...DOMAIN_IMPORTS]) },
  },
  // libphonenumber-js's home: whether a number can receive an SMS (its metadata stays on the server).
  {
    files: ['lib/sms/mobile-number.ts', 'lib/sms/mobile-number.test.ts'],
    rules: { 'no-restricted-imports': restrictedImports(DOMAIN_IMPORTS) },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports([...KERNEL_IMPORTS, ...DOMAIN_IMPORTS, ...COMPONENT_IMPORTS]) },
  },
])
