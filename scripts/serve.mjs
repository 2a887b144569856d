/**
 * The production server (`npm start` runs it after the database is ready): `next start` in one worker per core, all
 * listening on one port through node:cluster. Next.js renders a page on a single thread, so a second worker is what
 * lets the second core serve pages too. WEB_CONCURRENCY sets the number of workers (1: no cluster at all);
 * arguments are `next start`'s (`-p 3000 -H 127.0.0.1`).
 *
 * Nothing here keeps state between requests that the workers would need to share: sessions, sign-in throttling and
 * rate limits live in PostgreSQL.
 */
import cluster from 'node:cluster'
import { createRequire } from 'node:module'
import os from 'node:os'

const workers = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY)) || os.availableParallelism())
/** A worker that dies this soon after it started is not restarted: the whole server stops with its exit code. */
const EARLY_EXIT_MS = 10_000

if (cluster.isPrimary && workers > 1) {
  let stopping = false
  const started = new Map()
  const fork = () => started.set(cluster.fork().id, Date.now())
  for (let i = 0; i < workers; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length
    if (stopping) {
      if (alive === 0) process.exit()
      return
    }
    if (Date.now() - started.get(worker.id) < EARLY_EXIT_MS) {
      console.error(`next start: a worker stopped at start-up (${signal ?? code}); stopping the server`)
      stop()
      process.exitCode = typeof code === 'number' && code !== 0 ? code : 1
      return
    }
    console.error(`next start: a worker stopped (${signal ?? code}); starting another`)
    fork()
  })
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else {
  process.argv = [process.argv[0], 'next', 'start', ...process.argv.slice(2)]
  createRequire(import.meta.url)('next/dist/bin/next')
}
