import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listCandidatesPage } from '@/lib/candidates/list-candidates'
import { DAY_MS } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { candidateFollowUp } from '@/lib/invitations/follow-up'
import { themeValidity } from '@/lib/invitations/sessions'
import { invitationValidityRows, saveInvitationValidity } from '@/lib/settings/invitation-validity'
import { updateOrganisationSettings } from '@/lib/settings/organisation'
import { organisationSchema, SETTINGS_MESSAGES } from '@/lib/settings/schemas'
import { invitationStatistics } from '@/lib/statistics/invitations'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Invitations' follow-up (issue 39 §4-5): the state per theme from real rows, the dashboard's "Invitation" filter, the
// statistics per theme, and the settings the feature needs. Every row lives in organisations made inside a rolled-back
// transaction.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-25T09:00:00Z')
const ago = (days: number) => new Date(NOW.getTime() - days * DAY_MS)
const CV = 'Atelier CV'
const INFO = 'Information collective RSA'
const NOVEMBER = { fromMonth: '2026-11', toMonth: '2026-11' }

type InvitationValues = Partial<typeof s.invitations.$inferInsert> & { candidateId: string; theme: string }

/** Two organisations with candidates in each follow-up state (see each row's comment), workshops and registrations. */
async function fixture(tx: Tx) {
  const [a, b] = await tx
    .insert(s.organisations)
    .values([{ name: `Suivi ${randomUUID().slice(0, 8)}` }, { name: `Autre ${randomUUID().slice(0, 8)}` }])
    .returning({ id: s.organisations.id })
  const org = a!.id
  const other = b!.id
  const people = async (organisationId: string, names: string[]) => {
    const rows = await tx
      .insert(s.candidates)
      .values(names.map((n) => ({ organisationId, firstName: n, lastName: `Suivi${n}` })))
      .returning({ id: s.candidates.id })
    return Object.fromEntries(names.map((n, i) => [n, rows[i]!.id]))
  }
  const c = await people(org, [
    'Pending',
    'Expired',
    'Declined',
    'Cancelled',
    'Booked',
    'Present',
    'Absent',
    'Excused',
    'Reinvited',
    'Mixed',
    'None',
    'Old',
    'Conv1',
    'Conv2',
    'Conv3',
    'Conv4',
    'Conv5',
  ])
  const o = await people(other, ['Elsewhere'])
  const workshop = async (
    organisationId: string,
    theme: string,
    startsAt: Date,
    status: 'scheduled' | 'cancelled' = 'scheduled',
  ) =>
    (
      await tx
        .insert(s.workshops)
        .values({ organisationId, name: `${theme} ${startsAt.toISOString()}`, theme, startsAt, capacity: 10, status })
        .returning({ id: s.workshops.id })
    )[0]!.id
  const wPast = await workshop(org, CV, ago(5))
  const wFuture = await workshop(org, CV, ago(-3))
  const wInfo = await workshop(org, INFO, ago(3))
  const wOctober = await workshop(org, CV, new Date('2026-10-10T08:00:00Z'))
  const wCancelled = await workshop(org, CV, ago(2), 'cancelled')
  const wOther = await workshop(other, 'Autre thème', ago(4))

  const register = async (
    organisationId: string,
    workshopId: string,
    candidateId: string,
    attendance: 'present' | 'excused' | 'unexcused' | null,
    extra: Partial<typeof s.workshopRegistrations.$inferInsert> = {},
  ) =>
    (
      await tx
        .insert(s.workshopRegistrations)
        .values({ organisationId, workshopId, candidateId, status: 'registered', attendance, ...extra })
        .returning({ id: s.workshopRegistrations.id })
    )[0]!.id
  const invite = async (organisationId: string, v: InvitationValues) =>
    (
      await tx
        .insert(s.invitations)
        .values({ organisationId, channels: ['sms'], codeHash: randomUUID(), codeSealed: 'sealed', ...v })
        .returning({ id: s.invitations.id })
    )[0]!.id
  /** A booked invitation: created `sentDaysAgo`, booked `bookedDaysAgo`, its registration with this attendance. */
  const booked = async (
    candidateId: string,
    theme: string,
    workshopId: string,
    sentDaysAgo: number,
    bookedDaysAgo: number,
    bookedBy: 'person' | 'counsellor',
    attendance: 'present' | 'excused' | 'unexcused' | null,
  ) => {
    const id = await invite(org, {
      candidateId,
      theme,
      createdAt: ago(sentDaysAgo),
      expiresAt: ago(sentDaysAgo - 10),
      status: 'booked',
      bookedAt: ago(bookedDaysAgo),
      bookedBy,
    })
    const registrationId = await register(org, workshopId, candidateId, attendance, { invitationId: id })
    await tx.update(s.invitations).set({ registrationId }).where(eq(s.invitations.id, id))
  }

  // Atelier CV, sent in November: 11 invitations, 4 booked (after 1, 2, 4 and 3 days; 3 by the person).
  await invite(org, { candidateId: c.Pending!, theme: CV, createdAt: ago(2), expiresAt: ago(-8) })
  await invite(org, { candidateId: c.Expired!, theme: CV, createdAt: ago(12), expiresAt: ago(1) })
  await invite(org, { candidateId: c.Declined!, theme: CV, createdAt: ago(6), status: 'declined', closedAt: ago(3) })
  await invite(org, { candidateId: c.Cancelled!, theme: CV, createdAt: ago(6), status: 'cancelled', closedAt: ago(2) })
  await booked(c.Booked!, CV, wFuture, 4, 3, 'person', null)
  await booked(c.Present!, CV, wPast, 10, 8, 'person', 'present')
  await booked(c.Absent!, CV, wPast, 10, 6, 'counsellor', 'unexcused')
  await booked(c.Excused!, CV, wPast, 10, 7, 'person', 'excused')
  // An expired invitation followed by a new one, still valid: the latest counts.
  await invite(org, { candidateId: c.Reinvited!, theme: CV, createdAt: ago(20), expiresAt: ago(10) })
  await invite(org, { candidateId: c.Reinvited!, theme: CV, createdAt: ago(1), expiresAt: ago(-9) })
  // Expired for one theme, present at the other (booked after half a day, by the person).
  await invite(org, { candidateId: c.Mixed!, theme: CV, createdAt: ago(15), expiresAt: ago(2) })
  await booked(c.Mixed!, INFO, wInfo, 9, 8.5, 'person', 'present')
  // September: out of the period, and declined (in no filter).
  await invite(org, {
    candidateId: c.Old!,
    theme: CV,
    createdAt: new Date('2026-09-10T08:00:00Z'),
    status: 'declined',
  })
  // Convocations (registrations without an invitation).
  await register(org, wPast, c.Conv1!, 'unexcused')
  await register(org, wPast, c.Conv2!, 'present')
  await register(org, wPast, c.Conv3!, 'unexcused')
  await register(org, wPast, c.Conv4!, null)
  await register(org, wPast, c.Conv5!, 'unexcused', { status: 'cancelled' })
  await register(org, wInfo, c.Conv1!, 'present')
  await register(org, wOctober, c.Conv2!, 'unexcused')
  await register(org, wCancelled, c.Conv3!, 'unexcused')
  // The other organisation: an expired invitation and an absence of its own.
  await invite(other, { candidateId: o.Elsewhere!, theme: CV, createdAt: ago(12), expiresAt: ago(1) })
  await register(other, wOther, o.Elsewhere!, 'unexcused')
  return { org, other, c, o }
}

describe('invitation follow-up per theme', () => {
  it('reads each state from the latest invitation of each theme and its registration', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { org, other, c } = await fixture(tx)
      const states = async (id: string) =>
        (await candidateFollowUp(asDb(tx), org, id, NOW)).map((f) => [f.theme, f.state])
      expect(await states(c.Pending!)).toEqual([[CV, 'pending']])
      expect(await states(c.Expired!)).toEqual([[CV, 'expired']])
      expect(await states(c.Declined!)).toEqual([[CV, 'declined']])
      expect(await states(c.Cancelled!)).toEqual([[CV, 'cancelled']])
      expect(await states(c.Booked!)).toEqual([[CV, 'booked']])
      expect(await states(c.Present!)).toEqual([[CV, 'present']])
      expect(await states(c.Absent!)).toEqual([[CV, 'absent']])
      expect(await states(c.Excused!)).toEqual([[CV, 'excused']])
      expect(await states(c.Reinvited!)).toEqual([[CV, 'pending']])
      expect(await states(c.Mixed!)).toEqual([
        [CV, 'expired'],
        [INFO, 'present'],
      ])
      expect(await states(c.None!)).toEqual([])
      // The dates each state shows.
      const [pending] = await candidateFollowUp(asDb(tx), org, c.Pending!, NOW)
      expect(pending).toMatchObject({ sentAt: ago(2), expiresAt: ago(-8), sessionAt: null })
      const [booked] = await candidateFollowUp(asDb(tx), org, c.Booked!, NOW)
      expect(booked).toMatchObject({ sessionAt: ago(-3), expiresAt: null })
      // A counsellor takes the seat back: the booking reads as cancelled.
      await tx
        .update(s.workshopRegistrations)
        .set({ status: 'cancelled' })
        .where(eq(s.workshopRegistrations.candidateId, c.Booked!))
      expect(await states(c.Booked!)).toEqual([[CV, 'cancelled']])
      // Another organisation sees nothing of it.
      expect(await candidateFollowUp(asDb(tx), other, c.Pending!, NOW)).toEqual([])
    })
  })

  it('the dashboard’s "Invitation" filter finds exactly the candidates with a theme in that state, in its organisation only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { org, c } = await fixture(tx)
      const found = async (invitationStates: ('pending' | 'expired' | 'absent')[], search?: string) => {
        const page = await listCandidatesPage(asDb(tx), org, { invitationStates, at: NOW, search })
        expect(page.total).toBe(page.rows.length)
        return page.rows.map((r) => r.firstName).sort()
      }
      expect(await found(['expired'])).toEqual(['Expired', 'Mixed'])
      expect(await found(['absent'])).toEqual(['Absent'])
      expect(await found(['pending'])).toEqual(['Pending', 'Reinvited'])
      expect(await found(['expired', 'absent'])).toEqual(['Absent', 'Expired', 'Mixed'])
      // The same through the search's statement.
      expect(await found(['expired'], 'Suivi')).toEqual(['Expired', 'Mixed'])
      // With the filter, the organisation's other candidates are out, and no other organisation's come in.
      expect((await listCandidatesPage(asDb(tx), org, { at: NOW })).total).toBe(Object.keys(c).length)
      // A day later, the pending invitation of Reinvited is still valid; ten days later both pending ones have expired.
      const later = await listCandidatesPage(asDb(tx), org, { invitationStates: ['expired'], at: ago(-10) })
      expect(later.rows.map((r) => r.firstName).sort()).toEqual(['Expired', 'Mixed', 'Pending', 'Reinvited'])
    })
  })
})

describe('invitation statistics', () => {
  it('count what was sent, booked, by whom and how fast, and the absences of the invited against the convoked, per theme', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { org } = await fixture(tx)
      const stats = await invitationStatistics(asDb(tx), org, NOVEMBER)
      expect(stats.themes.map((t) => t.theme)).toEqual([CV, INFO])
      const [cv, info] = stats.themes
      // Atelier CV: 11 sent in November, 4 booked after 1, 2, 4 and 3 days (median 2.5), 3 of them by the person.
      expect(cv).toMatchObject({ sent: 11, booked: 4, byPerson: 3, bookedRate: 4 / 11, byPersonRate: 3 / 4 })
      expect(cv!.medianDays).toBeCloseTo(2.5, 6)
      // Its session of 20 November: invited 3 marked, 1 absent; convoked 3 marked (one unmarked, one cancelled), 2 absent.
      expect(cv!.invited).toEqual({ marked: 3, absent: 1, rate: 1 / 3 })
      expect(cv!.convoked).toEqual({ marked: 3, absent: 2, rate: 2 / 3 })
      expect(info).toMatchObject({ sent: 1, booked: 1, byPerson: 1 })
      expect(info!.medianDays).toBeCloseTo(0.5, 6)
      expect(info!.invited).toEqual({ marked: 1, absent: 0, rate: 0 })
      expect(info!.convoked).toEqual({ marked: 1, absent: 0, rate: 0 })
      // All themes: 12 sent, 5 booked after 1, 2, 4, 3 and 0.5 days (median 2), 4 by the person.
      expect(stats.total).toMatchObject({ theme: null, sent: 12, booked: 5, byPerson: 4 })
      expect(stats.total.medianDays).toBeCloseTo(2, 6)
      expect(stats.total.invited).toEqual({ marked: 4, absent: 1, rate: 1 / 4 })
      expect(stats.total.convoked).toEqual({ marked: 4, absent: 2, rate: 2 / 4 })
      // October: the September invitation is not there; the October session's absence is.
      const october = await invitationStatistics(asDb(tx), org, { fromMonth: '2026-10', toMonth: '2026-10' })
      expect(october.total).toMatchObject({ sent: 0, booked: 0, medianDays: null, bookedRate: null })
      expect(october.total.convoked).toEqual({ marked: 1, absent: 1, rate: 1 })
      const september = await invitationStatistics(asDb(tx), org, { fromMonth: '2026-09', toMonth: '2026-09' })
      expect(september.total).toMatchObject({ sent: 1, booked: 0 })
    })
  })
})

describe('the settings invitations need', () => {
  const base = {
    name: 'Département test',
    addressFormatted: '',
    twoFactorRequired: false,
    twoFactorForSensitive: true,
    journalRetentionMonths: '6',
    answerReminderDays: '10',
    prescriptionExpiryDays: '60',
    retentionDays: '730',
  }

  it('validates the contact e-mail and phone in French, saves them and audits that they changed, not their values', async () => {
    const errorsOf = (v: Record<string, string>) => {
      const r = organisationSchema.safeParse({ ...base, ...v })
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
    }
    expect(errorsOf({ contactEmail: 'accueil@' })).toEqual({ contactEmail: SETTINGS_MESSAGES.contactEmailInvalid })
    expect(errorsOf({ contactPhone: '02 35 12' })).toEqual({ contactPhone: SETTINGS_MESSAGES.contactPhoneInvalid })
    expect(errorsOf({ contactEmail: '', contactPhone: '' })).toEqual({})
    const parsed = organisationSchema.parse({
      ...base,
      contactEmail: ' Accueil@Dept76.fr ',
      contactPhone: '02 35 12 34 56',
    })
    expect(parsed).toMatchObject({ contactEmail: 'accueil@dept76.fr', contactPhone: '02 35 12 34 56' })

    await inRolledBackTransaction(db, async (tx) => {
      const [organisation] = await tx.insert(s.organisations).values({ name: 'Contact' }).returning()
      const adminId = `admin-${randomUUID()}`
      await tx.insert(s.users).values({
        id: adminId,
        name: 'Lina Morel',
        firstName: 'Lina',
        lastName: 'Morel',
        email: `${adminId}@exemple.test`,
        role: 'admin',
        organisationId: organisation!.id,
      })
      const actor = { id: adminId, organisationId: organisation!.id, sessionId: null }
      expect(await updateOrganisationSettings(asDb(tx), actor, parsed)).toEqual({ ok: true })
      const [row] = await tx
        .select({ email: s.organisations.contactEmail, phone: s.organisations.contactPhone })
        .from(s.organisations)
        .where(eq(s.organisations.id, organisation!.id))
      expect(row).toEqual({ email: 'accueil@dept76.fr', phone: '02 35 12 34 56' })
      const [audit] = await tx
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.organisationId, organisation!.id), eq(s.auditLog.action, 'organisation.updated')))
      expect(audit!.details).toMatchObject({ contactEmailChanged: true, contactPhoneChanged: true })
      expect(JSON.stringify(audit!.details)).not.toContain('dept76')
      expect(JSON.stringify(audit!.details)).not.toContain('02 35')
    })
  })

  it('lists the themes that have workshops with their validity, saves 4 to 90 days or none, refuses others’ themes', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { org, other } = await fixture(tx)
      const actor = { id: 'demo-conseiller', organisationId: org }
      expect(await invitationValidityRows(asDb(tx), org)).toEqual([
        { theme: CV, validityDays: 10, optional: false },
        { theme: INFO, validityDays: 10, optional: false },
      ])
      for (const bad of ['3', '91', '7.5', 'dix']) {
        const refused = await saveInvitationValidity(
          asDb(tx),
          actor,
          { themes: [{ theme: CV, validityDays: bad, optional: false }] },
          NOW,
        )
        expect(refused.ok).toBe(false)
        expect(!refused.ok && refused.fieldErrors?.['themes.0.validityDays']).toMatch(/jours/)
      }
      // Another organisation's theme: refused, nothing saved.
      const foreign = await saveInvitationValidity(
        asDb(tx),
        actor,
        { themes: [{ theme: 'Autre thème', validityDays: 20, optional: false }] },
        NOW,
      )
      expect(foreign).toEqual({ ok: false, error: SETTINGS_MESSAGES.themeUnknown })
      expect(await themeValidity(asDb(tx), other, 'Autre thème')).toEqual({ validityDays: 10, optional: false })

      const saved = await saveInvitationValidity(
        asDb(tx),
        actor,
        {
          themes: [
            { theme: CV, validityDays: '21', optional: false },
            { theme: INFO, validityDays: 10, optional: true },
          ],
        },
        NOW,
      )
      expect(saved).toEqual({ ok: true })
      expect(await themeValidity(asDb(tx), org, CV)).toEqual({ validityDays: 21, optional: false })
      expect(await themeValidity(asDb(tx), org, INFO)).toEqual({ validityDays: 10, optional: true })
      expect(await invitationValidityRows(asDb(tx), org)).toEqual([
        { theme: CV, validityDays: 21, optional: false },
        { theme: INFO, validityDays: 10, optional: true },
      ])
      // Saved again: updated in place.
      await saveInvitationValidity(asDb(tx), actor, { themes: [{ theme: CV, validityDays: 4, optional: false }] }, NOW)
      expect(await themeValidity(asDb(tx), org, CV)).toEqual({ validityDays: 4, optional: false })
      const audits = await tx
        .select({ details: s.auditLog.details })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.organisationId, org), eq(s.auditLog.action, 'organisation.invitationValidity')))
      expect(audits).toHaveLength(2)
    })
  })
})
