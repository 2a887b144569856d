/**
 * One export job in a process of its own (bench/steering.ts `export-200k`), so that its peak memory is the worker's
 * alone: runs lib/exports/run-export.ts on DATABASE_URL for EXPORT_ID, then prints {seconds, maxRssMb} on stdout.
 */
import { createDb } from '../lib/db/client'
import { runExport } from '../lib/exports/run-export'

const { db, pool } = createDb(process.env.DATABASE_URL!, 2)
const started = performance.now()
const outcome = await runExport(db, process.env.EXPORT_ID!, { now: () => new Date() })
const seconds = (performance.now() - started) / 1000
await pool.end()
// resourceUsage().maxRSS is in kilobytes: the process's peak resident set, whatever the garbage collector did since.
console.log(JSON.stringify({ outcome, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }))
