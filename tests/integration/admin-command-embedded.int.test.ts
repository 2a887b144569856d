import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import { startEmbeddedPostgres, type EmbeddedServer } from '@/lib/db/embedded'

// `npm run admin` on the embedded default, as an operator runs it after stopping `npm start`: nothing set but PATH and
// HOME (and DATA_DIR, a throwaway folder standing for ./.data). The command makes or reads the same secrets as
// `npm start` there, opens the cluster itself, and refuses while a server has it open. About 20 s: one initdb, a few
// starts of the embedded server.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-admin-embedded-'))
// As root the embedded server runs as `postgres`, which must traverse the folder (mkdtemp makes it 700).
fs.chmodSync(dataDir, 0o755)
const clusterDir = path.join(dataDir, 'postgres')
let server: EmbeddedServer | null = null

afterAll(async () => {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function admin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } as unknown as NodeJS.ProcessEnv,
  })
}

/** Opens the cluster as `npm start` does, runs `read` while it is open, then stops it. */
async function onCluster<T>(read: (client: pg.Client, url: string) => Promise<T>) {
  server = await startEmbeddedPostgres({ dataDir: clusterDir })
  const client = new pg.Client({ connectionString: server.url })
  await client.connect()
  try {
    return await read(client, server.url)
  } finally {
    await client.end()
    await server.stop()
    server = null
  }
}

const emails = (client: pg.Client) =>
  client.query<{ email: string }>(`select email from "user" order by email`).then((r) => r.rows.map((u) => u.email))

// Each test runs the command in child processes (tsx compiles the script at each start).
describe('npm run admin on the embedded default, with nothing set', { timeout: 120_000 }, () => {
  it('create-organisation makes the DATA_DIR secrets npm start reads, and seals the invitation under them', async () => {
    const run = admin(
      'create-organisation',
      '--name',
      'Département de l’Aisne',
      '--admin-email',
      'claire@aisne.example',
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()
    expect(fs.existsSync(path.join(dataDir, 'nir-key'))).toBe(true)
    const sealed = await onCluster((client) =>
      client
        .query<{ sealed_text: string }>(`select sealed_text from outbound_mails`)
        .then((r) => r.rows[0]!.sealed_text),
    )
    const before = process.env.BETTER_AUTH_SECRET
    process.env.BETTER_AUTH_SECRET = secret
    try {
      expect(unseal(sealed)).toContain('http://localhost:3000/new-password?token=')
    } finally {
      process.env.BETTER_AUTH_SECRET = before
    }
  }, 90_000)

  it('backup, a change, then restore --yes: the cluster as it was, the replaced one kept aside', async () => {
    const file = path.join(dataDir, 'aisne.tar.gz')
    const backup = admin('backup', '--file', file)
    expect(backup.stderr).toBe('')
    expect(backup.status).toBe(0)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(
      admin('create-admin', '--organisation', 'Département de l’Aisne', '--email', 'marc@aisne.example').status,
    ).toBe(0)

    // While `npm start` holds the cluster, every command refuses in French and touches nothing.
    const pgDumpMajor = Number(/\)\s+(\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout)?.[1])
    await onCluster(async (client, url) => {
      for (const refused of [
        admin('disable-user', '--email', 'marc@aisne.example'),
        admin('restore', '--file', file, '--yes'),
      ]) {
        expect(refused.status).toBe(1)
        expect(refused.stderr).toContain('arrêtez d’abord «\u00a0npm start\u00a0»')
        expect(refused.stderr).not.toMatch(/Error:|\n\s+at /)
      }
      expect(await emails(client)).toEqual(['claire@aisne.example', 'marc@aisne.example'])
      // pg_dump on the embedded server's URL: one of its major version, or a sentence naming the one to install.
      if (pgDumpMajor !== 18) {
        const dump = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'scripts/admin.ts', 'backup', '--file', path.join(dataDir, 'x.dump')],
          {
            encoding: 'utf8',
            env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url } as unknown as NodeJS.ProcessEnv,
          },
        )
        expect(dump.status).toBe(1)
        expect(dump.stderr).toContain('Le serveur de DATABASE_URL est PostgreSQL 18')
        expect(dump.stderr).toContain('postgresql-client-18')
      }
    })

    expect(admin('restore', '--file', file).stderr).toContain('Relancez la commande avec --yes pour confirmer')
    const restore = admin('restore', '--file', file, '--yes')
    expect(restore.stderr).toBe('')
    expect(restore.status).toBe(0)
    expect(restore.stdout).toContain('Base restaurée\u00a0: 1 organisation, 1 compte.')
    expect(await onCluster(emails)).toEqual(['claire@aisne.example'])
    const [kept] = fs.readdirSync(dataDir).filter((name) => name.startsWith('avant-restauration-'))
    expect(fs.existsSync(path.join(dataDir, kept!, 'postgres', 'PG_VERSION'))).toBe(true)
  }, 120_000)
})
