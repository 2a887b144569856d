import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unseal } from '@/lib/crypto/sealed'
import { DISABLE_USER_MESSAGES } from '@/lib/operator/disable-user'
import { testDatabaseUrl } from './db'

// `npm run admin` run as an operator runs it on DATABASE_URL: a child process whose environment holds only what
// docs/operations.md asks for (PATH, HOME, DATABASE_URL, BETTER_AUTH_URL, BETTER_AUTH_SECRET, and an empty DATA_DIR so
// that no secret of this checkout's ./.data is read), on a bare database of its own. Results are read back from the
// tables with short-lived connections: a restore refuses to run while another connection is open on the database.
const name = `passerelle_it_admin_${Date.now()}_${process.pid}`
const serverUrl = testDatabaseUrl()
const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-admin-'))
const secret = process.env.BETTER_AUTH_SECRET!
const appUrl = 'https://passerelle.somme.example'

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = [], on = url): Promise<T[]> {
  const client = new pg.Client({ connectionString: on })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

function admin(args: string[], extra: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      ...extra,
    } as unknown as NodeJS.ProcessEnv,
  })
  return run
}
const withSettings = { BETTER_AUTH_URL: appUrl, BETTER_AUTH_SECRET: secret }

/** A French sentence for the operator: no exception name, no stack. */
function expectOperatorFailure(run: ReturnType<typeof admin>, sentence: string) {
  expect(run.status).toBe(1)
  expect(run.stderr).toContain(sentence)
  expect(run.stderr).not.toMatch(/Error:|\n\s+at /)
}

beforeAll(() => query(`create database "${name}"`, [], serverUrl))
afterAll(async () => {
  await query(`drop database if exists "${name}" with (force)`, [], serverUrl)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

// Each test runs the command in child processes (tsx compiles the script at each start): minutes, not seconds, on a
// busy 2-core machine.
describe('npm run admin on DATABASE_URL, with only the documented settings', { timeout: 120_000 }, () => {
  it('a missing setting or an unreachable server is one French sentence, exit 1, and the database is left bare', async () => {
    expectOperatorFailure(
      admin(['create-organisation', '--name', 'Somme', '--admin-email', 'a@somme.example']),
      'BETTER_AUTH_URL n’est pas définie\u00a0:',
    )
    expectOperatorFailure(
      admin(['create-organisation', '--name', 'Somme', '--admin-email', 'a@somme.example'], {
        BETTER_AUTH_URL: appUrl,
      }),
      'BETTER_AUTH_SECRET n’est pas définie\u00a0:',
    )
    const unreachable = Object.assign(new URL(url), { port: '1' }).toString()
    expectOperatorFailure(
      admin(['disable-user', '--email', 'a@somme.example'], { DATABASE_URL: unreachable }),
      'Impossible de joindre le serveur PostgreSQL de DATABASE_URL (ECONNREFUSED)',
    )
    // Not even migrated: the refusals came before anything was written, and no secret was made up on disk.
    expect(await query(`select to_regclass('public.organisations') as t`)).toEqual([{ t: null }])
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it('create-organisation on a bare database: migrated, the organisation, its administrator, an invitation the servers can send', async () => {
    const run = admin(
      ['create-organisation', '--name', 'Département de la Somme', '--admin-email', 'Ines@Somme.example'],
      withSettings,
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const [mail] = await query<{ to_address: string; sealed_text: string }>(
      `select to_address, sealed_text from outbound_mails where kind = 'user-invitation'`,
    )
    expect(mail!.to_address).toBe('ines@somme.example')
    // Sealed under the BETTER_AUTH_SECRET given, the servers' own: a worker holding it can open and send it.
    expect(unseal(mail!.sealed_text)).toContain(`${appUrl}/new-password?token=`)
  })

  it('create-admin: another administrator of that organisation (found by its name, whatever the case), invited, audited', async () => {
    const run = admin(
      [
        'create-admin',
        '--organisation',
        'département de la SOMME',
        '--email',
        'paul@somme.example',
        '--first-name',
        'Paul',
      ],
      withSettings,
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const rows = await query<{
      email: string
      role: string
      first_name: string
      organisation: string
      disabled: boolean
    }>(
      `select u.email, u.role, u.first_name, o.name as organisation, u.disabled from "user" u
       join organisations o on o.id = u.organisation_id order by u.email`,
    )
    expect(rows).toEqual([
      {
        email: 'ines@somme.example',
        role: 'admin',
        first_name: '',
        organisation: 'Département de la Somme',
        disabled: false,
      },
      {
        email: 'paul@somme.example',
        role: 'admin',
        first_name: 'Paul',
        organisation: 'Département de la Somme',
        disabled: false,
      },
    ])
    const audit = await query<{ details: Record<string, unknown> }>(
      `select a.details from audit_log a join "user" u on u.id = a.entity_id where a.action = 'user.created' and u.email = $1`,
      ['paul@somme.example'],
    )
    expect(audit).toEqual([{ details: { role: 'admin', by: 'admin-command' } }])
    expect(await query(`select to_address from outbound_mails where to_address = 'paul@somme.example'`)).toHaveLength(1)

    expectOperatorFailure(
      admin(['create-admin', '--organisation', 'Oise', '--email', 'x@oise.example'], withSettings),
      'Aucune organisation ne s’appelle «\u00a0Oise\u00a0» ni n’a cet identifiant. Organisations existantes\u00a0: «\u00a0Département de la Somme\u00a0».',
    )
    expectOperatorFailure(
      admin(
        ['create-admin', '--organisation', 'Département de la Somme', '--email', 'PAUL@somme.example'],
        withSettings,
      ),
      'Un compte Passerelle existe déjà avec cette adresse email',
    )
    expect(await query(`select count(*)::int as n from "user"`)).toEqual([{ n: 2 }])
  })

  it('disable-user: disabled, every session ended at once, audited; an unknown address changes nothing', async () => {
    const [paul] = await query<{ id: string }>(`select id from "user" where email = 'paul@somme.example'`)
    await query(
      `insert into session (id, token, user_id, expires_at) values
         ('s1', 't1', $1, now() + interval '1 day'), ('s2', 't2', $1, now() + interval '1 day')`,
      [paul!.id],
    )
    const run = admin(['disable-user', '--email', 'Paul@Somme.example'])
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('Compte désactivé\u00a0: 2 sessions ont pris fin.')
    expect(await query(`select disabled from "user" where id = $1`, [paul!.id])).toEqual([{ disabled: true }])
    expect(await query(`select id from session where user_id = $1`, [paul!.id])).toEqual([])
    expect(
      await query(`select actor_id, details from audit_log where action = 'user.disabled' and entity_id = $1`, [
        paul!.id,
      ]),
    ).toEqual([{ actor_id: null, details: { sessionsEnded: 2, by: 'admin-command' } }])

    expectOperatorFailure(admin(['disable-user', '--email', 'personne@somme.example']), DISABLE_USER_MESSAGES.unknown)
    expect(await query(`select count(*)::int as n from "user" where disabled`)).toEqual([{ n: 1 }])
  })

  const serverMajor = () =>
    query<{ v: string }>(`select current_setting('server_version_num') as v`).then((r) =>
      Math.floor(Number(r[0]!.v) / 10_000),
    )
  const pgDumpMajor = Number(
    /\)\s+(\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1],
  )

  it('backup then restore: the database as it was at the backup, in one transaction, only with --yes and no other connection', async (context) => {
    if (pgDumpMajor !== (await serverMajor())) context.skip()
    const file = path.join(dataDir, 'somme.dump')
    const backup = admin(['backup', '--file', file])
    expect(backup.stderr).toBe('')
    expect(backup.status).toBe(0)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expectOperatorFailure(admin(['backup', '--file', file]), 'existe déjà')

    // A change after the backup, which the restore takes away.
    expect(
      admin(['create-admin', '--organisation', 'Département de la Somme', '--email', 'zoe@somme.example'], withSettings)
        .status,
    ).toBe(0)
    const emails = () =>
      query<{ email: string }>(`select email from "user" order by email`).then((r) => r.map((u) => u.email))
    expect(await emails()).toContain('zoe@somme.example')

    expectOperatorFailure(admin(['restore', '--file', file]), 'relancez la commande avec --yes pour confirmer')
    const open = new pg.Client({ connectionString: url })
    await open.connect()
    try {
      expectOperatorFailure(admin(['restore', '--file', file, '--yes']), 'autre connexion est ouverte sur cette base')
    } finally {
      await open.end()
    }
    fs.writeFileSync(path.join(dataDir, 'truncated.dump'), fs.readFileSync(file).subarray(0, 2000))
    expectOperatorFailure(
      admin(['restore', '--file', path.join(dataDir, 'truncated.dump'), '--yes']),
      'La restauration a échoué, la base n’a pas été modifiée',
    )
    expect(await emails()).toContain('zoe@somme.example')

    const restore = admin(['restore', '--file', file, '--yes'])
    expect(restore.stderr).toBe('')
    expect(restore.status).toBe(0)
    expect(restore.stdout).toContain('Base restaurée\u00a0: 1 organisation, 2 comptes.')
    expect(await emails()).toEqual(['ines@somme.example', 'paul@somme.example'])
    // Restored as it was, migrations' record included: the next migrate has nothing to do and no table is in its way.
    const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url } as unknown as NodeJS.ProcessEnv,
    })
    expect(migrate.stderr).toBe('')
    expect(migrate.status).toBe(0)
  })
})
