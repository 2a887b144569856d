import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { can, ROLE_PERMISSIONS } from '@/lib/permissions'
import { organisationMatrix, updateOrganisationMatrix } from '@/lib/settings/permission-matrix'
import { inRolledBackTransaction, useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The organisation's editable role × permission matrix.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-24T10:00:00Z')

async function newOrganisation() {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Permissions ${randomUUID().slice(0, 8)}` })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const adminId = `admin-${randomUUID()}`
  await db.insert(s.users).values({
    id: adminId,
    name: 'Rose Lemaire',
    firstName: 'Rose',
    lastName: 'Lemaire',
    email: `${adminId}@exemple.test`,
    role: 'admin',
    organisationId,
  })
  return { organisationId, adminId }
}

const defaults = () => ({
  admin: [...ROLE_PERMISSIONS.admin],
  referent: [...ROLE_PERMISSIONS.referent],
  counsellor: [...ROLE_PERMISSIONS.counsellor],
})
/** A user as the session reads them: role, per-user list, and their organisation's list for the role. */
async function subject(organisationId: string, role: string) {
  const [row] = await db
    .select({ permissions: s.organisationRolePermissions.permissions })
    .from(s.organisationRolePermissions)
    .where(
      and(
        eq(s.organisationRolePermissions.organisationId, organisationId),
        eq(s.organisationRolePermissions.role, role),
      ),
    )
  return { role, rolePermissions: row?.permissions ?? null }
}

describe('the permission matrix', () => {
  it('starts from the defaults, saves a change with an audit row, and the checks follow it', async () => {
    const org = await newOrganisation()
    expect(await organisationMatrix(db, org.organisationId)).toEqual(defaults())
    expect(can(await subject(org.organisationId, 'counsellor'), 'workshops.dashboard.visualize')).toBe(true)
    const input = {
      ...defaults(),
      counsellor: ROLE_PERMISSIONS.counsellor.filter((p) => p !== 'workshops.dashboard.visualize'),
    }
    expect(
      await updateOrganisationMatrix(db, { organisationId: org.organisationId, actorId: org.adminId, input, now: NOW }),
    ).toEqual({ ok: true, changed: 1 })
    expect((await organisationMatrix(db, org.organisationId)).counsellor).not.toContain('workshops.dashboard.visualize')
    expect(can(await subject(org.organisationId, 'counsellor'), 'workshops.dashboard.visualize')).toBe(false)
    // Another organisation keeps its own (the defaults).
    expect(can(await subject(demoIds.orgSeineMaritime, 'counsellor'), 'workshops.dashboard.visualize')).toBe(true)
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, org.organisationId), eq(s.auditLog.action, 'permissions.updated')))
    expect(audit.map((a) => [a.entityId, a.details])).toEqual([
      ['counsellor', { added: [], removed: ['workshops.dashboard.visualize'] }],
    ])
    // Saving the same matrix again changes nothing.
    expect(
      await updateOrganisationMatrix(db, { organisationId: org.organisationId, actorId: org.adminId, input, now: NOW }),
    ).toEqual({ ok: true, changed: 0 })
  })

  it('never lets the organisation lose its last access to the settings', async () => {
    const org = await newOrganisation()
    const input = { ...defaults(), admin: ROLE_PERMISSIONS.admin.filter((p) => p !== 'settings.visualize') }
    expect(
      await updateOrganisationMatrix(db, { organisationId: org.organisationId, actorId: org.adminId, input, now: NOW }),
    ).toEqual({
      ok: false,
      error:
        'Au moins un utilisateur actif doit garder l’accès aux paramètres («\u00a0settings.visualize\u00a0»)\u00a0: sans lui, plus personne ne pourrait modifier ces permissions.',
    })
    expect(
      await db
        .select()
        .from(s.organisationRolePermissions)
        .where(eq(s.organisationRolePermissions.organisationId, org.organisationId)),
    ).toEqual([])
    // With a referent given settings access, the administrators may lose it.
    const withReferent = { ...input, referent: [...ROLE_PERMISSIONS.referent, 'settings.visualize'] }
    await db.insert(s.users).values({
      id: `referent-${randomUUID()}`,
      name: 'Paul Girard',
      firstName: 'Paul',
      lastName: 'Girard',
      email: `${randomUUID()}@exemple.test`,
      role: 'referent',
      organisationId: org.organisationId,
    })
    expect(
      await updateOrganisationMatrix(db, {
        organisationId: org.organisationId,
        actorId: org.adminId,
        input: withReferent,
        now: NOW,
      }),
    ).toEqual({ ok: true, changed: 2 })
  })

  it('refuses an unknown permission or role list, and writes nothing', async () => {
    const org = await newOrganisation()
    for (const input of [
      { ...defaults(), counsellor: ['candidate.visualize', 'superuser'] },
      { admin: [], referent: [] },
      { ...defaults(), admin: 'all' },
    ]) {
      expect(
        await updateOrganisationMatrix(db, {
          organisationId: org.organisationId,
          actorId: org.adminId,
          input,
          now: NOW,
        }),
      ).toEqual({ ok: false, error: 'Une des permissions cochées n’existe pas. Rechargez la page.' })
    }
    expect(
      await db
        .select()
        .from(s.organisationRolePermissions)
        .where(eq(s.organisationRolePermissions.organisationId, org.organisationId)),
    ).toEqual([])
  })
})

describe('a change of the matrix ends the sessions it affects', () => {
  async function member(organisationId: string, role: string) {
    const id = `${role}-${randomUUID()}`
    await db.insert(s.users).values({
      id,
      name: 'Lina Morel',
      firstName: 'Lina',
      lastName: 'Morel',
      email: `${id}@exemple.test`,
      role,
      organisationId,
    })
    return id
  }
  async function openSession(userId: string) {
    const id = randomUUID()
    await db.insert(s.sessions).values({
      id,
      userId,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    return id
  }
  const sessionIds = async (userId: string) =>
    (await db.select({ id: s.sessions.id }).from(s.sessions).where(eq(s.sessions.userId, userId))).map((r) => r.id)

  it('the users of a changed role sign in again, in the same transaction; the other roles and the administrator’s own session stay', async () => {
    const org = await newOrganisation()
    const counsellor = await member(org.organisationId, 'counsellor')
    const referent = await member(org.organisationId, 'referent')
    const [counsellorSession, referentSession] = [await openSession(counsellor), await openSession(referent)]
    const adminHere = await openSession(org.adminId)
    // Another organisation's counsellor is not touched.
    const elsewhere = await member(demoIds.orgLyon, 'counsellor')
    const elsewhereSession = await openSession(elsewhere)
    const input = { ...defaults(), counsellor: [...ROLE_PERMISSIONS.counsellor, 'candidate.export'] }
    expect(
      await updateOrganisationMatrix(db, {
        organisationId: org.organisationId,
        actorId: org.adminId,
        actorSessionId: adminHere,
        input,
        now: NOW,
      }),
    ).toEqual({ ok: true, changed: 1 })
    expect(await sessionIds(counsellor)).toEqual([])
    expect(await sessionIds(referent)).toEqual([referentSession])
    expect(await sessionIds(org.adminId)).toEqual([adminHere])
    expect(await sessionIds(elsewhere)).toEqual([elsewhereSession])
    expect(counsellorSession).toBeTruthy()
    await db.delete(s.users).where(eq(s.users.id, elsewhere))

    // A change of the administrators' own role ends their other sessions, not the one making the change.
    const adminElsewhere = await openSession(org.adminId)
    const adminChange = { ...input, admin: ROLE_PERMISSIONS.admin.filter((p) => p !== 'workshops.modify') }
    await updateOrganisationMatrix(db, {
      organisationId: org.organisationId,
      actorId: org.adminId,
      actorSessionId: adminHere,
      input: adminChange,
      now: NOW,
    })
    expect(await sessionIds(org.adminId)).toEqual([adminHere])
    expect(adminElsewhere).toBeTruthy()
  })

  it('keeps following the whole organisation for the administrators whose list was saved before that permission', async () => {
    const org = await newOrganisation()
    const before = ROLE_PERMISSIONS.admin.filter((p) => p !== 'candidate.organisation.follow')
    await inRolledBackTransaction(db, async (tx) => {
      await tx
        .insert(s.organisationRolePermissions)
        .values({ organisationId: org.organisationId, role: 'admin', permissions: before })
      await tx.update(s.users).set({ permissions: before }).where(eq(s.users.id, org.adminId))
      const migration = fs.readFileSync('drizzle/0059_organisation_follow_permission.sql', 'utf8')
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement))
      const [role] = await tx
        .select({ permissions: s.organisationRolePermissions.permissions })
        .from(s.organisationRolePermissions)
        .where(eq(s.organisationRolePermissions.organisationId, org.organisationId))
      const [admin] = await tx
        .select({ permissions: s.users.permissions })
        .from(s.users)
        .where(eq(s.users.id, org.adminId))
      expect(can({ role: 'admin', rolePermissions: role!.permissions }, 'candidate.organisation.follow')).toBe(true)
      expect(can({ role: 'admin', permissions: admin!.permissions }, 'candidate.organisation.follow')).toBe(true)
      expect(role!.permissions.filter((p) => p === 'candidate.organisation.follow')).toHaveLength(1)
    })
  })
})
