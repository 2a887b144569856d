import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { JOB_SCHEMA } from '@/lib/queue/job'
import { OperatorError } from './operator-error'

/**
 * Backup and restore on DATABASE_URL with PostgreSQL's own pg_dump / pg_restore (and psql), of the server's major
 * version: an older pg_dump refuses a newer server, and a newer one writes SQL an older server may refuse.
 */
type Tool = 'pg_dump' | 'pg_restore' | 'psql'

export async function serverMajor(db: Db): Promise<number> {
  const { rows } = await db.execute<{ v: string }>(sql`select current_setting('server_version_num') as v`)
  return Math.floor(Number(rows[0]!.v) / 10_000)
}

/** Where the usual packages put the tools of one major version, then PATH. */
function candidates(tool: Tool, major: number): string[] {
  return [
    path.join(`/usr/lib/postgresql/${major}/bin`, tool),
    path.join(`/usr/pgsql-${major}/bin`, tool),
    path.join(`/opt/homebrew/opt/postgresql@${major}/bin`, tool),
    path.join(`/usr/local/opt/postgresql@${major}/bin`, tool),
    tool,
  ]
}

function majorOf(binary: string): number | null {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' })
  if (run.error || run.status !== 0) return null
  const match = /\)\s+(\d+)/.exec(run.stdout)
  return match ? Number(match[1]) : null
}

/** The tool of the server's major version, or a French sentence that names the one to install. */
export function findTool(tool: Tool, major: number): string {
  const found: number[] = []
  for (const binary of candidates(tool, major)) {
    if (binary.includes('/') && !fs.existsSync(binary)) continue
    const version = majorOf(binary)
    if (version === major) return binary
    if (version !== null) found.push(version)
  }
  const seen = found.length
    ? `seul ${tool} ${[...new Set(found)].join(', ')} est installé`
    : `${tool} n’est pas installé`
  throw new OperatorError(
    `Le serveur de DATABASE_URL est PostgreSQL ${major}, et ${seen}\u00a0: installez les outils clients de PostgreSQL ${major} (sous Debian ou Ubuntu, le paquet postgresql-client-${major}, du dépôt de PostgreSQL s’il n’est pas dans celui de la distribution), puis relancez la commande. Rien n’a été modifié.`,
  )
}

/** The URL without its password, which goes to libpq through PGPASSWORD: a command line is visible to every user. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

/** The database's name and server, to say which one a restore replaces (never its password). */
export function describeDatabase(url: string): string {
  const parsed = new URL(url)
  return `«\u00a0${decodeURIComponent(parsed.pathname.slice(1)) || parsed.username}\u00a0» sur ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ') || 'sans message'
}

/** `backup --file` on DATABASE_URL: pg_dump's custom format, written beside its name then renamed. */
export async function backupDatabase(db: Db, url: string, file: string): Promise<{ bytes: number }> {
  const target = path.resolve(file)
  if (fs.existsSync(target))
    throw new OperatorError(`Le fichier ${target} existe déjà\u00a0: choisissez un autre nom (rien n’a été écrit).`)
  const pgDump = findTool('pg_dump', await serverMajor(db))
  const partial = `${target}.partiel-${process.pid}`
  const { dbname, env } = connection(url)
  try {
    fs.writeFileSync(partial, '', { mode: 0o600 })
    const run = spawnSync(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], {
      encoding: 'utf8',
      env,
    })
    if (run.status !== 0) throw new OperatorError(`pg_dump a échoué\u00a0: ${lastLines(run.stderr)}`)
    fs.renameSync(partial, target)
    return { bytes: fs.statSync(target).size }
  } finally {
    fs.rmSync(partial, { force: true })
  }
}

/** A pg_dump custom archive starts with these bytes; anything else is refused before the database is touched. */
export function assertDumpFile(file: string): void {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new OperatorError(`Le fichier ${source} n’existe pas.`)
  const head = Buffer.alloc(5)
  const fd = fs.openSync(source, 'r')
  try {
    fs.readSync(fd, head, 0, 5, 0)
  } finally {
    fs.closeSync(fd)
  }
  if (head.toString('latin1') !== 'PGDMP')
    throw new OperatorError(
      `Le fichier ${source} n’est pas une sauvegarde faite par «\u00a0npm run admin -- backup\u00a0» ou «\u00a0pg_dump --format=custom\u00a0». Rien n’a été modifié.`,
    )
}

/** Other sessions on this database (app servers, job workers, PgBouncer's server connections): a restore waits for none. */
export async function otherSessions(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select coalesce(nullif(application_name, ''), client_addr::text, 'local') as name from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`)
  return rows.map((r) => r.name)
}

/**
 * `restore --file --yes` on DATABASE_URL: the app's schemas are dropped and the archive's SQL (pg_restore's) replayed
 * by psql in ONE transaction, so that a failure anywhere leaves the database as it was, and no table of a later
 * release is left beside an older backup's (the next migration would trip on it).
 */
export async function restoreDatabase(db: Db, url: string, file: string): Promise<void> {
  const major = await serverMajor(db)
  const pgRestore = findTool('pg_restore', major)
  const psql = findTool('psql', major)
  const { dbname, env } = connection(url)
  const prelude = [
    'set local statement_timeout = 0;',
    'set local lock_timeout = 0;',
    `drop schema if exists ${JOB_SCHEMA} cascade;`,
    'drop schema if exists drizzle cascade;',
    'drop schema if exists public cascade;',
    'create schema public;',
    '',
  ].join('\n')
  const replay = spawn(
    psql,
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`, '--file=-'],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  )
  const dump = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file=-', path.resolve(file)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let replayErr = ''
  let dumpErr = ''
  replay.stderr.on('data', (chunk) => (replayErr += chunk))
  dump.stderr.on('data', (chunk) => (dumpErr += chunk))
  replay.stdin.on('error', () => undefined)
  replay.stdin.write(prelude)
  // psql commits when its input ends: it ends only after pg_restore succeeded; otherwise psql is killed, and the
  // server rolls the open transaction back.
  dump.stdout.pipe(replay.stdin, { end: false })
  const exit = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)))
  const dumped = exit(dump).then((code) => {
    if (code === 0) replay.stdin.end()
    else replay.kill('SIGKILL')
    return code
  })
  const [dumpCode, replayCode] = await Promise.all([dumped, exit(replay)])
  if (dumpCode !== 0 || replayCode !== 0)
    throw new OperatorError(
      `La restauration a échoué, la base n’a pas été modifiée (tout se fait dans une seule transaction)\u00a0: ${lastLines(
        dumpCode !== 0 ? dumpErr : replayErr,
      )}`,
    )
}
