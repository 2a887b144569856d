/**
 * Kept only for lib/exports, which still names its queue through this object: a domain names a job by its name
 * ('run-export'), typed by the registry (lib/jobs/registry.ts), and imports lib/queue, never lib/jobs.
 */
export const QUEUES = { runExport: { name: 'run-export' } } as const
