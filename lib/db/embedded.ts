import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** The embedded default: PGlite under ./.data served on a loopback port, so the app uses node-postgres as in production. */
export const EMBEDDED_POOL_SIZE = 5

export async function startEmbeddedPostgres(dataDir = path.join(process.cwd(), '.data', 'pglite')) {
  fs.mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } })
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
