/**
 * `tsx scripts/with-database.ts <command…>`: runs the command against a PostgreSQL server. With DATABASE_URL, that
 * server, untouched. Without it (a fresh machine), a throwaway embedded one (lib/db/embedded.ts) in the system's
 * temporary folder, on a free loopback port, stopped and deleted when the command ends, whatever its outcome: the test
 * tiers then create their own databases on it as they do on any server. `npm test`, its single tiers, the bench and
 * the resilience run go through it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { EmbeddedStartError, startEmbeddedPostgres } from '../lib/db/embedded'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: tsx scripts/with-database.ts <command> [args…]')
  process.exit(2)
}

const env = { ...process.env }
let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null
let folder: string | null = null
if (!env.DATABASE_URL) {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-pg-'))
  fs.chmodSync(folder, 0o755)
  try {
    server = await startEmbeddedPostgres({ dataDir: path.join(folder, 'cluster'), persistent: false })
  } catch (error) {
    console.error(error instanceof EmbeddedStartError ? error.message : error)
    fs.rmSync(folder, { recursive: true, force: true })
    process.exit(1)
  }
  env.DATABASE_URL = server.url
  console.log(`PostgreSQL embarqué (throwaway) on 127.0.0.1:${server.port}`)
}

const child = spawn(command, args, { stdio: 'inherit', env })
const forward = (signal: NodeJS.Signals) => child.kill(signal)
process.on('SIGINT', forward)
process.on('SIGTERM', forward)
child.on('exit', async (code, signal) => {
  await server?.stop()
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
