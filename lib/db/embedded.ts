import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** The embedded default: PGlite under ./.data served on a loopback port, so the app uses node-postgres as in production. */
export const EMBEDDED_POOL_SIZE = 5

/**
 * The free space the embedded database needs to start: PostgreSQL writes its WAL and checkpoints as it opens, and a
 * write refused later is a refused request (SQLSTATE 53100), but a start on a full disk fails deep inside PGlite
 * ("PGlite failed to initialize properly"), which tells nobody what to do.
 */
export const EMBEDDED_MIN_FREE_MB = 64

/** The folder of the app's own files: ./.data, or DATA_DIR (the embedded database under it, in pglite/). */
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
 * The folder must take writes and have room (issue 16 §3): checked before PGlite opens it, so that a read-only or full
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

export async function startEmbeddedPostgres(dataDir = path.join(dataDirectory(), 'pglite')) {
  checkDataFolder(dataDir)
  let pglite: PGlite
  try {
    pglite = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } })
  } catch (error) {
    // The folder passed its checks but PGlite still failed (a damaged folder, a disk that filled meanwhile…).
    throw new EmbeddedStartError(
      `Passerelle ne peut pas démarrer\u00a0: la base embarquée (${dataDir}) n’a pas pu s’ouvrir (${(error as Error).message}). Vérifiez que son disque est accessible en écriture et qu’il reste de la place, puis relancez «\u00a0npm start\u00a0».`,
      'failed',
    )
  }
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: Number(process.env.EMBEDDED_DB_PORT ?? 0),
    // The web process's pool, the job worker's (its own and pg-boss's) and the launcher's migration connection.
    maxConnections: 24,
  })
  await server.start()
  const url = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`
  return {
    url,
    async stop() {
      await server.stop()
      await pglite.close()
    },
  }
}
