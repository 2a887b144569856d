/**
 * The production server (`npm start` runs it after the database is ready): `next start` in one worker per core, all
 * listening on one port through node:cluster, and beside them the job workers (scripts/worker.ts: mail, SMS…).
 * Next.js renders a page on a single thread, so a second web worker is what lets the second core serve pages too.
 * WEB_CONCURRENCY sets the number of web workers (1: no cluster at all); JOB_WORKERS the number of job workers
 * (default 1; 0 on machines that only serve pages, with `npm run worker` elsewhere). Arguments are `next start`'s
 * (`-p 3000 -H 127.0.0.1`); without `-H`, it listens on HOST, or on 127.0.0.1 when HOST is not set.
 *
 * Nothing here keeps state between requests that the workers would need to share: sessions, sign-in throttling,
 * rate limits and jobs live in PostgreSQL.
 */
import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withListenHost } from '../lib/http/listen-host.mjs'

const workers = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY)) || os.availableParallelism())
const jobWorkers =
  process.env.JOB_WORKERS === undefined ? 1 : Math.max(0, Math.floor(Number(process.env.JOB_WORKERS)) || 0)
/** A web worker that dies this soon after it started is not restarted: the whole server stops with its exit code. */
const EARLY_EXIT_MS = 10_000

/** The job workers: restarted when one dies (after a second, so that a database outage does not spin). */
function startJobWorkers() {
  const children = new Set()
  let stopping = false
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts')
  const start = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: process.env })
    children.add(child)
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (stopping) return
      console.error(`job worker stopped (${signal ?? code}); starting another`)
      setTimeout(() => !stopping && start(), 1000)
    })
  }
  for (let i = 0; i < jobWorkers; i++) start()
  return () => {
    stopping = true
    for (const child of children) child.kill('SIGTERM')
  }
}

if (cluster.isPrimary) {
  const stopJobs = startJobWorkers()
  process.on('exit', stopJobs)
  if (workers > 1) {
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
      stopJobs()
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  } else {
    runNext()
  }
} else {
  runNext()
}

function runNext() {
  process.argv = [process.argv[0], 'next', 'start', ...withListenHost(process.argv.slice(2), process.env)]
  createRequire(import.meta.url)('next/dist/bin/next')
}
