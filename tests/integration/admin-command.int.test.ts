import { spawnSync } from 'node:child_process'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { CREATE_ORGANISATION_MESSAGES } from '@/lib/organisation/create-organisation'
import { useTestDb, testDatabaseUrl } from './db'

// `npm run admin -- create-organisation` starts a département on a bare database — run here as an operator
// runs it (a child process on DATABASE_URL), its result read back from the tables.
const db = useTestDb()
const email = `premiere.admin.${Date.now()}@departement-test.fr`
const made: string[] = []

function admin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
  })
}

afterAll(async () => {
  if (!made.length) return
  const userIds = (await db.select({ id: s.users.id }).from(s.users).where(inArray(s.users.organisationId, made))).map(
    (u) => u.id,
  )
  await db.delete(s.outboundMails).where(inArray(s.outboundMails.organisationId, made))
  await db.delete(s.auditLog).where(inArray(s.auditLog.organisationId, made))
  if (userIds.length) await db.delete(s.verifications).where(inArray(s.verifications.value, userIds))
  await db.delete(s.users).where(inArray(s.users.organisationId, made))
  await db.delete(s.organisations).where(inArray(s.organisations.id, made))
})

// Each test runs the command in a child process (tsx compiles the script at each start).
describe('npm run admin', { timeout: 120_000 }, () => {
  it('--help lists every command, in French', () => {
    const run = admin('--help')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('npm run admin -- create-organisation --name "<nom>" --admin-email <email>')
    expect(run.stdout).toContain('valable 72 heures')
    for (const command of ['create-admin', 'disable-user', 'rotate-nir-key', 'backup', 'restore'])
      expect(run.stdout).toContain(`npm run admin -- ${command}`)
  })

  it('create-organisation: the organisation, its administrator without a password, and an invitation mail queued with them', async () => {
    const run = admin(
      'create-organisation',
      '--name',
      'Département de la Somme',
      '--admin-email',
      email.toUpperCase(),
      '--admin-first-name',
      'Inès',
      '--admin-last-name',
      'Garnier',
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const [organisation] = await db
      .select()
      .from(s.organisations)
      .where(eq(s.organisations.name, 'Département de la Somme'))
    expect(organisation).toBeDefined()
    made.push(organisation!.id)
    const [user] = await db.select().from(s.users).where(eq(s.users.email, email))
    expect(user).toMatchObject({
      organisationId: organisation!.id,
      role: 'admin',
      firstName: 'Inès',
      lastName: 'Garnier',
    })
    const passwords = await db.select().from(s.accounts).where(eq(s.accounts.userId, user!.id))
    expect(passwords.filter((a) => a.password)).toEqual([])
    const mails = await db.select().from(s.outboundMails).where(eq(s.outboundMails.organisationId, organisation!.id))
    expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([['user-invitation', email, 'queued']])
    const [link] = await db.select().from(s.verifications).where(eq(s.verifications.value, user!.id))
    const hours = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 3_600_000
    expect(hours).toBe(72)
    expect(run.stdout).toContain('Organisation «\u00a0Département de la Somme\u00a0» créée')
  })

  it('run again with the same email: says the account exists and changes nothing', async () => {
    const before = await db.select({ n: count() }).from(s.organisations)
    const mailsBefore = await db.select({ n: count() }).from(s.outboundMails)
    const run = admin('create-organisation', '--name', 'Autre département', '--admin-email', email)
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(CREATE_ORGANISATION_MESSAGES.accountExists)
    expect(await db.select({ n: count() }).from(s.organisations)).toEqual(before)
    expect(await db.select({ n: count() }).from(s.outboundMails)).toEqual(mailsBefore)
  })

  it('refuses a missing name, a bad email or a NUL byte in French, and writes nothing', async () => {
    const before = await db.select({ n: count() }).from(s.organisations)
    const noName = admin('create-organisation', '--admin-email', 'x@y.fr')
    expect(noName.status).toBe(1)
    expect(noName.stderr.trim()).toBe(CREATE_ORGANISATION_MESSAGES.nameRequired)
    const badEmail = admin('create-organisation', '--name', 'Essai', '--admin-email', 'pas-un-email')
    expect(badEmail.stderr.trim()).toBe(CREATE_ORGANISATION_MESSAGES.emailInvalid)
    const unknown = admin('delete-everything')
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('Commande inconnue')
    expect(await db.select({ n: count() }).from(s.organisations)).toEqual(before)
  })
})
