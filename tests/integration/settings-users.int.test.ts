import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { activeSession } from '@/lib/auth/active-session'
import { passwordSignIn } from '@/lib/auth/password-sign-in'
import { resetTokenIsUsable } from '@/lib/auth/reset-token'
import { fieldErrorsOf } from '@/lib/frame/outcome'
import { createInvitationLink, INVITATION_HOURS } from '@/lib/settings/invitation'
import { updateOrganisationSettings } from '@/lib/settings/organisation'
import { getOrganisationUser, listOrganisationUsers } from '@/lib/settings/queries'
import { newUserSchema, organisationSchema, userProfileSchema } from '@/lib/settings/schemas'
import {
  createOrganisationUser,
  removeOrganisationUserIdentity,
  resetOrganisationUserSecondFactor,
  setOrganisationUserDisabled,
  updateOrganisationUser,
  USER_MESSAGES,
} from '@/lib/settings/users'
import { accounts, auditLog, organisations, sessions, twoFactors, users, verifications } from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { useTestDb } from './db'
import { signedInHeaders, testAuth, useOutbox, useTestUsers, waitForMail } from './auth-kit'

// The administrators' screens (/v2/settings/users, /user/:id, /organisations): domain functions on PostgreSQL,
// rows read back. The server actions only parse with these schemas, check settings.visualize, then call them.
const db = useTestDb()
const auth = testAuth(db)
const newUser = useTestUsers(db)
const outbox = useOutbox()
const created: string[] = []
const seine = demoIds.orgSeineMaritime
let adminActor: { id: string; organisationId: string }

afterAll(async () => {
  if (created.length) {
    await db.delete(auditLog).where(inArray(auditLog.entityId, created))
    await db.delete(users).where(inArray(users.id, created))
  }
  await db
    .update(organisations)
    .set({ twoFactorRequired: false, answerReminderDays: 10, prescriptionExpiryDays: 60, retentionDays: 730 })
    .where(eq(organisations.id, seine))
})

async function admin() {
  if (!adminActor) {
    const a = await newUser({ role: 'admin' })
    adminActor = { id: a.id, organisationId: seine }
  }
  return adminActor
}

const auditOf = (userId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)))
const input = (over: Partial<Record<string, string>> = {}) =>
  newUserSchema.parse({
    firstName: 'Inès',
    lastName: 'Vitée',
    email: `invite-${crypto.randomUUID()}@passerelle.test`,
    phone: '06 12 34 56 78',
    role: 'counsellor',
    ...over,
  })

describe('creating a user', () => {
  it('provisions the user in the organisation, audited, and mails (through the job queue) a 72-hour single-use link to choose a password', async () => {
    const actor = await admin()
    const data = input()
    const outcome = await createOrganisationUser(db, actor, data)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok || !('userId' in outcome)) return
    created.push(outcome.userId)
    const [row] = await db.select().from(users).where(eq(users.id, outcome.userId))
    expect(row).toMatchObject({
      email: data.email,
      firstName: 'Inès',
      lastName: 'Vitée',
      phone: '06 12 34 56 78',
      role: 'counsellor',
      organisationId: seine,
      disabled: false,
    })
    expect(await db.select().from(accounts).where(eq(accounts.userId, outcome.userId))).toEqual([])
    expect(await auditOf(outcome.userId, 'user.created')).toMatchObject([
      { actorId: actor.id, organisationId: seine, details: { role: 'counsellor' } },
    ])

    // The invitation was queued in the creation's transaction; the file's job worker (useOutbox) sends it.
    const mail = await waitForMail(outbox, data.email, /new-password\?token=/)
    expect(mail).toContain('Département de Seine-Maritime')
    expect(mail).toContain('72 heures')
    const token = decodeURIComponent(/new-password\?token=([^\s]+)/.exec(mail)![1]!)
    expect(await resetTokenIsUsable(auth, token)).toBe(true)
    // The token is stored hashed: the database does not hold it.
    expect(
      await db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, `reset-password:${token}`)),
    ).toEqual([])
    await auth.api.resetPassword({ body: { token, newPassword: 'Premier-Mot-De-Passe-2026!' } })
    expect(await resetTokenIsUsable(auth, token)).toBe(false)
    const signIn = await passwordSignIn(auth, db, {
      email: data.email,
      password: 'Premier-Mot-De-Passe-2026!',
      ip: '203.0.113.90',
      requestHeaders: new Headers(),
    })
    expect(signIn.kind).toBe('signed-in')
  })

  it('an invitation link expires after 72 hours', async () => {
    const user = await newUser()
    const url = await createInvitationLink(db, user.id, Date.now() - INVITATION_HOURS * 3600_000 - 1000)
    expect(await resetTokenIsUsable(auth, new URL(url).searchParams.get('token')!)).toBe(false)
    const fresh = await createInvitationLink(db, user.id)
    expect(await resetTokenIsUsable(auth, new URL(fresh).searchParams.get('token')!)).toBe(true)
  })

  it('an address already used is refused and nothing is written', async () => {
    const actor = await admin()
    const before = await db.select({ id: users.id }).from(users)
    expect(await createOrganisationUser(db, actor, input({ email: 'Conseiller@Passerelle.test' }))).toEqual({
      ok: false,
      error: USER_MESSAGES.emailTaken,
      field: 'email',
    })
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(before.length)
  })

  it('bad input gets a French message per field', () => {
    const result = newUserSchema.safeParse({
      firstName: ' ',
      lastName: '',
      email: 'pas-une-adresse',
      phone: '06 12',
      role: 'fullPartner',
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrorsOf(result.error)).toEqual({
      firstName: 'Le prénom est obligatoire.',
      lastName: 'Le nom est obligatoire.',
      email: 'L’adresse email n’est pas valide.',
      phone: 'Le téléphone n’est pas complet (10 chiffres, par exemple 06 12 34 56 78).',
      role: 'Choisissez un rôle\u00a0: administrateur, référent RSA ou conseiller.',
    })
    expect(userProfileSchema.parse({ firstName: 'A', lastName: 'B', phone: '', role: 'admin' }).phone).toBeNull()
  })
})

describe('editing and disabling a user', () => {
  it('names, phone and role are saved, with the role change in the audit row', async () => {
    const actor = await admin()
    const user = await newUser()
    expect(
      await updateOrganisationUser(db, actor, user.id, {
        firstName: 'Zoé',
        lastName: 'Nouveau',
        phone: null,
        role: 'referent',
      }),
    ).toEqual({ ok: true })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({
      firstName: 'Zoé',
      lastName: 'Nouveau',
      name: 'Zoé Nouveau',
      phone: null,
      role: 'referent',
    })
    expect(await auditOf(user.id, 'user.updated')).toMatchObject([
      { details: { role: 'referent', previousRole: 'counsellor' } },
    ])
  })

  it('disabling ends the user’s sessions at once, and no new one opens; enabling lets them in again', async () => {
    const actor = await admin()
    const user = await newUser()
    const browser = await signedInHeaders(auth, user.email, user.password)
    expect((await activeSession(auth, db, browser))?.user.id).toBe(user.id)
    expect(await setOrganisationUserDisabled(db, actor, user.id, true)).toEqual({ ok: true, sessionsEnded: 1 })
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    expect(await activeSession(auth, db, browser)).toBeNull()
    expect(
      (
        await passwordSignIn(auth, db, {
          email: user.email,
          password: user.password,
          ip: '203.0.113.91',
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('invalid')
    expect(await auditOf(user.id, 'user.disabled')).toMatchObject([
      { actorId: actor.id, details: { sessionsEnded: 1 } },
    ])
    expect(await setOrganisationUserDisabled(db, actor, user.id, false)).toEqual({ ok: true, sessionsEnded: 0 })
    expect(
      (
        await passwordSignIn(auth, db, {
          email: user.email,
          password: user.password,
          ip: '203.0.113.91',
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('signed-in')
  })

  it('a new role ends the user’s sessions (opened under the old one) and replaces a per-user permission list', async () => {
    const actor = await admin()
    const user = await newUser()
    await db
      .update(users)
      .set({ permissions: ['candidate.visualize'] })
      .where(eq(users.id, user.id))
    const browser = await signedInHeaders(auth, user.email, user.password)
    expect((await activeSession(auth, db, browser))?.user.id).toBe(user.id)
    // The same role: the session goes on.
    expect(
      await updateOrganisationUser(db, actor, user.id, {
        firstName: 'Nouveau',
        lastName: 'Nom',
        phone: null,
        role: 'counsellor',
      }),
    ).toEqual({ ok: true })
    expect((await activeSession(auth, db, browser))?.user.id).toBe(user.id)
    // Promoted to administrator (which asks a second factor): signed out, and the role's permissions apply.
    expect(
      await updateOrganisationUser(db, actor, user.id, {
        firstName: 'Nouveau',
        lastName: 'Nom',
        phone: null,
        role: 'admin',
      }),
    ).toEqual({ ok: true })
    expect(await activeSession(auth, db, browser)).toBeNull()
    const [row] = await db
      .select({ role: users.role, permissions: users.permissions })
      .from(users)
      .where(eq(users.id, user.id))
    expect(row).toEqual({ role: 'admin', permissions: null })
  })

  it('an administrator cannot disable or demote themselves', async () => {
    const actor = await admin()
    expect(await setOrganisationUserDisabled(db, actor, actor.id, true)).toEqual({
      ok: false,
      error: USER_MESSAGES.selfDisable,
    })
    expect(
      await updateOrganisationUser(db, actor, actor.id, {
        firstName: 'A',
        lastName: 'B',
        phone: null,
        role: 'counsellor',
      }),
    ).toEqual({
      ok: false,
      error: USER_MESSAGES.selfDemote,
      field: 'role',
    })
    const [row] = await db.select().from(users).where(eq(users.id, actor.id))
    expect(row).toMatchObject({ disabled: false, role: 'admin' })
  })

  it('a user of another organisation, or of a partner structure, is not found and nothing changes', async () => {
    const actor = await admin()
    const lyon = await newUser({ organisationId: demoIds.orgLyon })
    const partner = await newUser({ role: 'fullPartner', organisationId: null, structureId: demoIds.structureMobilite })
    for (const other of [lyon, partner]) {
      expect(await getOrganisationUser(db, seine, other.id)).toBeNull()
      expect(await setOrganisationUserDisabled(db, actor, other.id, true)).toEqual({ ok: false, notFound: true })
      expect(
        await updateOrganisationUser(db, actor, other.id, {
          firstName: 'X',
          lastName: 'Y',
          phone: null,
          role: 'admin',
        }),
      ).toEqual({ ok: false, notFound: true })
      expect(await resetOrganisationUserSecondFactor(db, actor, other.id)).toEqual({ ok: false, notFound: true })
      expect(await removeOrganisationUserIdentity(db, actor, other.id, randomUUID())).toEqual({
        ok: false,
        notFound: true,
      })
      const [row] = await db.select().from(users).where(eq(users.id, other.id))
      expect(row).toMatchObject({ disabled: false, firstName: 'Test' })
      expect(await db.select().from(auditLog).where(eq(auditLog.entityId, other.id))).toEqual([])
    }
    const page = await listOrganisationUsers(db, seine, 1)
    expect(page.rows.map((r) => r.id)).not.toContain(lyon.id)
    expect(page.rows.map((r) => r.id)).not.toContain(partner.id)
  })
})

describe('identities and second factor', () => {
  it('an administrator cannot attach an identity-provider login to a user, only remove one', async () => {
    // The attack: an administrator registers their own provider subject on another user, then signs in as them.
    const settingsUsers = await import('@/lib/settings/users')
    expect(Object.keys(settingsUsers).filter((k) => /identity/i.test(k))).toEqual(['removeOrganisationUserIdentity'])
    const actor = await admin()
    const user = await newUser({
      identities: [{ providerId: 'microsoft', accountId: '7f3c2b1a-0000-4000-8000-00000000e2e0:0e2e0000-abcd' }],
    })
    const detail = await getOrganisationUser(db, seine, user.id)
    expect(detail?.identities).toMatchObject([{ providerId: 'microsoft' }])
    expect(detail?.hasPassword).toBe(true)
    // The password is not an identity that can be removed here.
    const [credential] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    expect(await removeOrganisationUserIdentity(db, actor, user.id, credential!.id)).toEqual({
      ok: false,
      notFound: true,
    })
    expect(await removeOrganisationUserIdentity(db, actor, user.id, detail!.identities[0]!.id)).toEqual({ ok: true })
    expect((await getOrganisationUser(db, seine, user.id))?.identities).toEqual([])
    expect((await auditOf(user.id, 'user.identity-removed'))[0]!.details).toMatchObject({ providerId: 'microsoft' })
  })

  it('resetting the second factor forgets the authenticator app', async () => {
    const actor = await admin()
    const user = await newUser()
    const browser = await signedInHeaders(auth, user.email, user.password)
    await auth.api.enableTwoFactor({ body: { method: 'totp', password: user.password }, headers: browser })
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id))
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(1)
    expect(await resetOrganisationUserSecondFactor(db, actor, user.id)).toEqual({ ok: true })
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([])
    const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id))
    expect(row!.enabled).toBe(false)
    expect(
      (
        await passwordSignIn(auth, db, {
          email: user.email,
          password: user.password,
          ip: '203.0.113.92',
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('signed-in')
  })
})

describe('the user list and the organisation', () => {
  it('lists the organisation’s users 50 a page with role, state, second factor and last sign-in', async () => {
    const user = await newUser()
    await passwordSignIn(auth, db, {
      email: user.email,
      password: user.password,
      ip: '203.0.113.93',
      requestHeaders: new Headers(),
    })
    const total = (await db.select({ id: users.id }).from(users).where(eq(users.organisationId, seine))).length
    const first = await listOrganisationUsers(db, seine, 1)
    expect(first.total).toBe(total)
    expect(first.rows.length).toBe(Math.min(50, total))
    const all = [] as typeof first.rows
    for (let p = 1; p <= first.pages; p++) all.push(...(await listOrganisationUsers(db, seine, p)).rows)
    const mine = all.find((r) => r.id === user.id)!
    expect(mine.lastSignInAt).toBeInstanceOf(Date)
    expect(Date.now() - mine.lastSignInAt!.getTime()).toBeLessThan(60_000)
    expect(mine.secondFactor).toBe('off')
    expect(all.find((r) => r.email === 'admin@passerelle.test')!.secondFactor).toBe('required')
    // A page past the end shows the last one.
    expect((await listOrganisationUsers(db, seine, 999)).page).toBe(first.pages)
  })

  it('saves the organisation’s name, address, 2FA flag and reminder delay; the flag then holds its users', async () => {
    const actor = await admin()
    const counsellor = await newUser()
    const data = organisationSchema.parse({
      name: 'Département de Seine-Maritime',
      addressFormatted: '  Quai Jean Moulin, 76100 Rouen ',
      twoFactorRequired: true,
      twoFactorForSensitive: true,
      journalRetentionMonths: '6',
      answerReminderDays: '15',
      prescriptionExpiryDays: '45',
      retentionDays: '1095',
    })
    expect(await updateOrganisationSettings(db, actor, data)).toEqual({ ok: true })
    const [row] = await db.select().from(organisations).where(eq(organisations.id, seine))
    expect(row).toMatchObject({
      addressFormatted: 'Quai Jean Moulin, 76100 Rouen',
      twoFactorRequired: true,
      answerReminderDays: 15,
      prescriptionExpiryDays: 45,
      retentionDays: 1095,
    })
    expect(
      (
        await passwordSignIn(auth, db, {
          email: counsellor.email,
          password: counsellor.password,
          ip: '203.0.113.94',
          requestHeaders: new Headers(),
        })
      ).kind,
    ).toBe('second-factor')
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, seine), eq(auditLog.action, 'organisation.updated')))
    expect(audit.at(-1)!.details).toMatchObject({
      twoFactorRequired: true,
      answerReminderDays: 15,
      previous: { twoFactorRequired: false, answerReminderDays: 10 },
    })
    await db.delete(auditLog).where(and(eq(auditLog.entityId, seine), eq(auditLog.action, 'organisation.updated')))
  })

  it('the reminder delay is a whole number of days from 1 to 90', () => {
    for (const bad of ['0', '91', '2.5', 'dix', '']) {
      const r = organisationSchema.safeParse({
        name: 'X',
        twoFactorRequired: false,
        twoFactorForSensitive: true,
        journalRetentionMonths: '6',
        answerReminderDays: bad,
        prescriptionExpiryDays: '60',
        retentionDays: '730',
      })
      expect(r.success).toBe(false)
      if (!r.success)
        expect(fieldErrorsOf(r.error).answerReminderDays).toBe(
          'Le délai de relance est un nombre entier de jours, entre 1 et 90.',
        )
    }
    expect(
      organisationSchema.safeParse({
        name: ' ',
        twoFactorRequired: false,
        twoFactorForSensitive: true,
        journalRetentionMonths: '6',
        answerReminderDays: '10',
        prescriptionExpiryDays: '60',
        retentionDays: '730',
      }).success,
    ).toBe(false)
  })

  it('the retention period is a whole number of days from 365 to 3650', () => {
    for (const bad of ['364', '3651', '730.5', 'deux ans', '']) {
      const r = organisationSchema.safeParse({
        name: 'X',
        twoFactorRequired: false,
        twoFactorForSensitive: true,
        journalRetentionMonths: '6',
        answerReminderDays: '10',
        prescriptionExpiryDays: '60',
        retentionDays: bad,
      })
      expect(r.success, bad).toBe(false)
      if (!r.success)
        expect(fieldErrorsOf(r.error).retentionDays).toBe(
          'La durée de conservation est un nombre entier de jours, entre 365 et 3650.',
        )
    }
    expect(
      organisationSchema.safeParse({
        name: 'X',
        twoFactorRequired: false,
        twoFactorForSensitive: true,
        journalRetentionMonths: '6',
        answerReminderDays: '10',
        prescriptionExpiryDays: '60',
        retentionDays: '365',
      }).success,
    ).toBe(true)
  })

  it('the expiry delay is a whole number of days from 2 to 365, longer than the reminder delay', () => {
    for (const bad of ['1', '366', '30.5', 'soixante', '']) {
      const r = organisationSchema.safeParse({
        name: 'X',
        twoFactorRequired: false,
        twoFactorForSensitive: true,
        journalRetentionMonths: '6',
        answerReminderDays: '1',
        prescriptionExpiryDays: bad,
        retentionDays: '730',
      })
      expect(r.success, bad).toBe(false)
      if (!r.success)
        expect(fieldErrorsOf(r.error).prescriptionExpiryDays).toBe(
          'Le délai d’expiration est un nombre entier de jours, entre 2 et 365.',
        )
    }
    const notAfter = organisationSchema.safeParse({
      name: 'X',
      twoFactorRequired: false,
      twoFactorForSensitive: true,
      journalRetentionMonths: '6',
      answerReminderDays: '30',
      prescriptionExpiryDays: '30',
      retentionDays: '730',
    })
    expect(notAfter.success).toBe(false)
    if (!notAfter.success)
      expect(fieldErrorsOf(notAfter.error).prescriptionExpiryDays).toBe(
        'Le délai d’expiration doit être plus long que le délai de relance.',
      )
  })
})
