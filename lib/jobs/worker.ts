import type { JobDefinition } from '@/lib/queue/job'
import { startWorker, type RunningWorker } from '@/lib/queue/worker'
import { JOBS } from './registry'

export type { RunningWorker }

/** The app's job worker: every job of the registry, or only those given (a chaos test runs one kind alone). */
export function startJobWorker(options: {
  connectionString: string
  poolMax?: number
  handlers?: readonly JobDefinition[]
  pollingIntervalSeconds?: number
}): Promise<RunningWorker> {
  return startWorker({ ...options, jobs: options.handlers ?? JOBS })
}
