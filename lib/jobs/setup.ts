import type { Pool } from 'pg'
import { ensureQueues } from '@/lib/queue/setup'
import { JOBS } from './registry'

/** The registry's queues, policies and schedules, with the app's migrations (db/migrate.ts). */
export const ensureJobQueues = (pool: Pool) => ensureQueues(pool, JOBS)
