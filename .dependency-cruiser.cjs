// The folder order, checked by `npm run boundaries` (dependency-cruiser) in `npm test` beside the type check and
// the linter. Imports go down these arrows, never back up them:
//   app/ → components/ → lib/ → the value kernel (lib/dates.ts, lib/format.ts …); db/ (seeds, migration runner) → lib/
//   inside lib/: job handlers (lib/jobs/) → domains (lib/<domain>/) → the queue (lib/queue/)
// Each rule below forbids one backward arrow; the first forbids any file importing itself back through others.

/** The value kernel: pure helpers every floor may use; they import one another and no folder of the app. */
const KERNEL = '^lib/(dates|dates-sql|format|ids|numbers|phone|person-name|person-name-sql|clock|labels)\\.ts$'

/**
 * TEMPORARY: the violations that stood when the rules were written, so that CI is green while they are being
 * removed. Each entry is a cycle (its files) or a forbidden import (from, to, rule). Remove an entry once fixed;
 * never add one: a new violation is fixed where it is made.
 */
const TEMPORARY_CYCLES = []
const TEMPORARY_IMPORTS = []

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle ties its files into one block that can be neither read nor loaded one piece at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-not-up',
      comment:
        'lib/ holds the rules and the data; the pages and components that show them, and the seeds and migration runner that compose them (db/), sit above it.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components|db)/' },
    },
    {
      name: 'components-not-to-db',
      comment: 'Components render what a page hands them; reading the database is the page’s or lib’s job.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^lib/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'kernel-stays-pure',
      comment: 'The value kernel (Paris time, numbers, ids, names, labels) is used by every floor and uses none.',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: '^(app|components|lib/[^/]+/)' },
    },
    {
      name: 'domains-not-to-jobs',
      comment:
        'Job handlers import the domains; a domain enqueues work through lib/queue/, never through a job handler.',
      severity: 'error',
      from: { path: '^lib/[^/]+/', pathNot: '^lib/jobs/' },
      to: { path: '^lib/jobs/' },
    },
    {
      name: 'seeds-not-to-app',
      comment: 'The demo data is written through lib/, like any other writer; it does not borrow from the screens.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(app|components)/' },
    },
  ],
  options: {
    includeOnly: '^(app|components|lib|db|scripts)/|^(instrumentation|proxy)\\.ts$',
    exclude: { path: '^(node_modules|\\.next|drizzle/)' },
    // type-only imports are seen, so that the components rule can tell them from run-time ones
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    knownViolations: [
      ...TEMPORARY_CYCLES.map((files) => ({
        type: 'cycle',
        from: files[0],
        to: files[1],
        rule: { name: 'no-circular', severity: 'error' },
        cycle: files.map((name) => ({ name, dependencyTypes: [] })),
      })),
      ...TEMPORARY_IMPORTS.map(([from, to, name]) => ({
        type: 'dependency',
        from,
        to,
        rule: { name, severity: 'error' },
      })),
    ],
  },
}
