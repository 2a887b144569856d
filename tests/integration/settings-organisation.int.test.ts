import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { readSecondFactor } from '@/lib/auth/two-factor-policy'
import * as s from '@/lib/db/schema'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { updateOrganisationSettings } from '@/lib/settings/organisation'
import { organisationSchema } from '@/lib/settings/schemas'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The organisation's settings that guard sign-in: "double authentification obligatoire", the second factor for the
// roles that read the NIR or export, and the read journal's retention.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)

async function newOrganisation() {
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Réglages ${randomUUID().slice(0, 8)}` })
    .returning()
  return throwaway(organisation!.id)
}

async function member(organisationId: string, role: string, permissions: string[] | null = null) {
  const id = `${role}-${randomUUID()}`
  await db.insert(s.users).values({
    id,
    name: 'Lina Morel',
    firstName: 'Lina',
    lastName: 'Morel',
    email: `${id}@exemple.test`,
    role,
    permissions,
    organisationId,
  })
  return id
}

async function openSession(userId: string) {
  const id = randomUUID()
  await db.insert(s.sessions).values({ id, userId, token: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) })
  return id
}

const sessionIds = async (userId: string) =>
  (await db.select({ id: s.sessions.id }).from(s.sessions).where(eq(s.sessions.userId, userId))).map((r) => r.id)

const settings = (overrides: Record<string, unknown> = {}) =>
  organisationSchema.parse({
    name: 'Département test',
    addressFormatted: '',
    twoFactorRequired: false,
    twoFactorForSensitive: true,
    journalRetentionMonths: '6',
    answerReminderDays: '10',
    prescriptionExpiryDays: '60',
    retentionDays: '730',
    ...overrides,
  })

describe('the organisation’s second-factor settings', () => {
  it('turning on "double authentification obligatoire" ends its users’ sessions in the same transaction, except the administrator’s own', async () => {
    const organisationId = await newOrganisation()
    const adminId = await member(organisationId, 'admin')
    const counsellor = await member(organisationId, 'counsellor')
    const adminHere = await openSession(adminId)
    const adminOther = await openSession(adminId)
    await openSession(counsellor)
    const actor = { id: adminId, organisationId, sessionId: adminHere }
    expect(await updateOrganisationSettings(db, actor, settings({ twoFactorRequired: true }))).toEqual({ ok: true })
    expect(await sessionIds(counsellor)).toEqual([])
    expect(await sessionIds(adminId)).toEqual([adminHere])
    expect(adminOther).toBeTruthy()
    // Saving again without a change, or relaxing the rule, ends nobody's session.
    const later = await openSession(counsellor)
    await updateOrganisationSettings(db, actor, settings({ twoFactorRequired: true, name: 'Autre nom' }))
    await updateOrganisationSettings(db, actor, settings({ twoFactorRequired: false }))
    expect(await sessionIds(counsellor)).toEqual([later])
  })

  it('covers the roles that read the NIR or export, by default; the setting turned off leaves them out; turning it on ends their sessions', async () => {
    const organisationId = await newOrganisation()
    const adminId = await member(organisationId, 'admin')
    const exporter = await member(organisationId, 'counsellor', ['candidate.visualize', 'candidate.export'])
    const nirReader = await member(organisationId, 'counsellor', ['candidate.visualize', 'candidate.nir.visualize'])
    const plain = await member(organisationId, 'counsellor')
    const required = async (id: string) => (await readSecondFactor(db, eq(s.users.id, id)))!.required
    expect(await required(exporter)).toBe(true)
    expect(await required(nirReader)).toBe(true)
    expect(await required(plain)).toBe(false)

    const actor = { id: adminId, organisationId, sessionId: await openSession(adminId) }
    expect(await updateOrganisationSettings(db, actor, settings({ twoFactorForSensitive: false }))).toEqual({
      ok: true,
    })
    expect(await required(exporter)).toBe(false)
    expect(await required(nirReader)).toBe(false)
    const [row] = await db.select().from(s.organisations).where(eq(s.organisations.id, organisationId))
    expect(row!.twoFactorForSensitive).toBe(false)

    const exporterSession = await openSession(exporter)
    await updateOrganisationSettings(db, actor, settings({ twoFactorForSensitive: true }))
    expect(await sessionIds(exporter)).toEqual([])
    expect(exporterSession).toBeTruthy()
  })
})

describe('the read journal’s retention', () => {
  it('is saved, 6 to 12 months, with the change in the audit row', async () => {
    const organisationId = await newOrganisation()
    const adminId = await member(organisationId, 'admin')
    const actor = { id: adminId, organisationId }
    expect(await updateOrganisationSettings(db, actor, settings({ journalRetentionMonths: '12' }))).toEqual({
      ok: true,
    })
    const [row] = await db.select().from(s.organisations).where(eq(s.organisations.id, organisationId))
    expect(row!.journalRetentionMonths).toBe(12)
    const [audit] = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, organisationId))
    expect(audit!.details).toMatchObject({ journalRetentionMonths: 12, previous: { journalRetentionMonths: 6 } })
  })

  it('outside 6 to 12, or not a whole number, gets a French message and changes nothing', () => {
    for (const bad of ['5', '13', '7.5', 'six', '']) {
      const r = organisationSchema.safeParse({ ...settings(), journalRetentionMonths: bad })
      expect(r.success).toBe(false)
      if (!r.success)
        expect(fieldErrorsOf(r.error).journalRetentionMonths).toBe(
          'La durée de conservation du journal des consultations est un nombre entier de mois, entre 6 et 12.',
        )
    }
  })
})
