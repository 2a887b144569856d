/**
 * `npm run worker`: one job worker (mail, SMS, reminders…) on DATABASE_URL. scripts/serve.mjs starts JOB_WORKERS of
 * them beside the web processes; run more on other machines to scale the jobs apart from the pages.
 */
import { startJobWorker } from '../lib/jobs/worker'

// Its connections are told apart from the web's in pg_stat_activity (node-postgres reads PGAPPNAME when it connects).
process.env.PGAPPNAME ??= 'passerelle-worker'

const url = process.env.DATABASE_URL
if (!url) {
  console.error(
    'DATABASE_URL is not set: the worker runs on the app’s PostgreSQL (npm start provides the embedded one).',
  )
  process.exit(1)
}

const worker = await startJobWorker({ connectionString: url, poolMax: Number(process.env.WORKER_POOL_MAX ?? 4) })
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await worker.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
