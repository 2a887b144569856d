/**
 * Debian's PgBouncer started for a test: on a free loopback port, in transaction mode, in front of the test's
 * PostgreSQL server (trust, as the test server is), with a temporary configuration and auth file removed at stop.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freeLoopbackPort } from '../../lib/http/free-port'

export type RunningPgBouncer = {
  port: number
  /** The same URL as `databaseUrl` (user, database), through PgBouncer; `database` names another [databases] entry. */
  urlOf(databaseUrl: string, database?: string): string
  stop(): Promise<void>
}

/** The pgbouncer binary, or null: /usr/sbin is not on every user's PATH. */
export function pgbouncerBinary(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = path.join(dir, 'pgbouncer')
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {}
  }
  return null
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/**
 * `server`: the PostgreSQL server's URL (its host, port and user are used). `poolSize`: server connections per
 * database and user (default_pool_size). `databases`: extra [databases] entries, by name, e.g. a pool of one server
 * connection onto the test's database.
 */
export async function startPgBouncer(options: {
  server: string
  poolSize: number
  maxClientConn?: number
  databases?: Record<string, { dbname: string; poolSize?: number }>
}): Promise<RunningPgBouncer> {
  const binary = pgbouncerBinary()
  if (!binary)
    throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer; scripts/ensure-system-deps.sh)')
  const server = new URL(options.server)
  const user = decodeURIComponent(server.username || 'postgres')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-pgbouncer-'))
  // PgBouncer refuses to run as root: it then runs as nobody, who must read the files.
  fs.chmodSync(dir, 0o755)
  const hostPort = `host=${server.hostname} port=${server.port || 5432}`
  const entries = Object.entries(options.databases ?? {}).map(
    ([name, d]) => `${name} = ${hostPort} dbname=${d.dbname}${d.poolSize ? ` pool_size=${d.poolSize}` : ''}`,
  )
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 })

  for (let attempt = 0; ; attempt++) {
    const port = await freeLoopbackPort()
    fs.writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        ...entries,
        `* = ${hostPort}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${options.poolSize}`,
        `max_client_conn = ${options.maxClientConn ?? 200}`,
        'server_lifetime = 3600',
        '',
      ].join('\n'),
      { mode: 0o644 },
    )
    const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), path.join(dir, 'pgbouncer.ini')]
    const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    // A test process that ends without stop() (a crash, a timeout) leaves no PgBouncer behind.
    const orphan = () => child.kill('SIGKILL')
    process.once('exit', orphan)
    const deadline = Date.now() + 5000
    let up = false
    while (!up && child.exitCode === null && Date.now() < deadline) {
      up = await listening(port)
      if (!up) await new Promise((r) => setTimeout(r, 50))
    }
    if (!up) {
      child.kill('SIGKILL')
      await exited
      // Another process took the port between the probe and PgBouncer's bind: another port.
      if (attempt < 3 && /address already in use/i.test(stderr)) continue
      fs.rmSync(dir, { recursive: true, force: true })
      throw new Error(`pgbouncer did not start: ${stderr.trim().split('\n').slice(-3).join(' | ')}`)
    }

    const urlOf = (databaseUrl: string, database?: string) => {
      const url = new URL(databaseUrl)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      if (database) url.pathname = `/${database}`
      return url.toString()
    }
    return {
      port,
      urlOf,
      async stop() {
        process.off('exit', orphan)
        if (child.exitCode === null) {
          child.kill('SIGTERM')
          const killer = setTimeout(() => child.kill('SIGKILL'), 3000)
          await exited
          clearTimeout(killer)
        }
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
}
