/**
 * `npm start` on the embedded default, as the resilience run's embedded phases drive it (scripts/resilience-embedded-
 * default.ts, scripts/resilience-embedded-disk.ts): no DATABASE_URL, its own DATA_DIR, mail and SMS to its outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/** What the resilience run lends its phases: where to work, how to report a check and a figure. */
export type Tools = {
  root: string
  work: string
  check: (name: string, ok: boolean, detail?: string) => void
  figure: (line: Record<string, unknown>) => void
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function embeddedApp(options: {
  root: string
  dataDir: string
  port: number
  dbPort: number
  outbox: string
  logFile: string
  env?: Record<string, string>
}) {
  const { root, dataDir, port, dbPort, outbox, logFile } = options
  const base = `http://localhost:${port}`
  let app: ChildProcess | null = null
  const state = { output: '' }

  const start = () => {
    state.output = ''
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_DB_PORT: String(dbPort),
      NEXT_TELEMETRY_DISABLED: '1',
      OUTBOX_DIR: outbox,
    }
    for (const key of [
      'DATABASE_URL',
      'SMTP_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_API_BASE_URL',
      'BETTER_AUTH_URL',
      'BETTER_AUTH_SECRET',
      'NIR_ENCRYPTION_KEY',
      'NIR_ENCRYPTION_KEY_PREVIOUS',
      'PASSERELLE_CLOCK_FILE',
      'JOB_SCHEDULES',
      'OUTBOX_ECHO',
    ])
      delete env[key]
    env.OUTBOX_ECHO = '0'
    Object.assign(env, options.env)
    app = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'start.ts')], {
      cwd: root,
      detached: true,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const log = fs.createWriteStream(logFile, { flags: 'a' })
    for (const stream of [app.stdout!, app.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        state.output += chunk.toString()
        log.write(chunk)
      })
    }
    return app
  }
  /** The app's exit code within `ms`, or null if it is still running. */
  const exited = (child: ChildProcess, ms: number) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode)
      const timer = setTimeout(() => resolve(null), ms)
      child.once('exit', (code) => {
        clearTimeout(timer)
        resolve(code ?? 1)
      })
    })
  /** Ctrl-C as a person gives it (the whole group), then SIGKILL after 30 s. */
  const stop = async () => {
    if (!app?.pid || app.exitCode !== null) return
    try {
      process.kill(-app.pid, 'SIGINT')
    } catch {}
    if ((await exited(app, 30_000)) === null) {
      try {
        process.kill(-app.pid, 'SIGKILL')
      } catch {}
    }
  }
  /** ms until /api/health says 200, or -1 (the app exited, or `timeoutMs` passed). */
  const healthy = async (timeoutMs: number) => {
    const t = Date.now()
    while (Date.now() - t < timeoutMs) {
      if (app?.exitCode !== null) return -1
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return Date.now() - t
      await sleep(200)
    }
    return -1
  }
  /** A connection of our own to the embedded server (its password is kept beside its folder). */
  const connect = async () => {
    const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim()
    const client = new pg.Client({
      connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/postgres?sslmode=disable`,
      connectionTimeoutMillis: 10_000,
    })
    client.on('error', () => undefined)
    await client.connect()
    return client
  }
  /** The server's processes (the postmaster and its children): what SIGSTOP pauses. */
  const serverPids = (): number[] => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    const children = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return Number(fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster
        } catch {
          return false
        }
      })
      .map(Number)
    return [postmaster, ...children]
  }
  return {
    base,
    start,
    stop,
    exited,
    healthy,
    connect,
    serverPids,
    state,
    get app() {
      return app
    },
  }
}
