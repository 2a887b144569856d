import { and, eq, inArray, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { smsTextToSend } from '@/lib/sms/sealed-body'
import { demoIds } from '@/db/seed'
import { unseal } from '@/lib/crypto/sealed'
import { bookLocked } from '@/lib/invitations/booking'
import { inviteCandidates } from '@/lib/invitations/invite'
import { invitationReminderTime, remindBookedSessions, remindPendingInvitations } from '@/lib/invitations/reminders'
import { alertFullThemes } from '@/lib/invitations/seat-alerts'
import type { InvitationChannel } from '@/lib/invitations/messages'
import { registerCandidates } from '@/lib/workshops/registrations'
import { runWorkshopReminders } from '@/lib/workshops/reminders'
import { createWorkshop } from '@/lib/workshops/workshops'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The follow-up of invitations, with a fixed clock: the day-3 reminder (not with less than 2 days left, not twice, not
// on a channel used in the last 24 hours), the reminder 48 hours before a booked session (which then gets no
// day-before notice), and the nightly mail when a theme has no seat left, once a day per theme. The jobs act on every
// organisation: the assertions read this test's rows.
/** The SMS as the person gets it: the stored body masks the invitation's code (lib/sms/sealed-body.ts). */
const sent = <T extends { body: string; sealedBody: string | null }>(rows: T[]) =>
  rows.map(({ sealedBody, ...row }) => ({ ...row, body: smsTextToSend({ body: row.body, sealedBody }) }))

const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-conseiller' }
/** Monday 23 November 2026, 10:00 in Paris. */
const MONDAY = new Date('2026-11-23T09:00:00Z')
const paris = (iso: string) => new Date(`${iso}+01:00`)

const session = (theme: string, day: string, capacity: number) => ({
  title: `${theme} du ${day}`,
  theme,
  startsAt: `${day}T14:00`,
  endsAt: `${day}T16:00`,
  addressFormatted: 'Maison de l’emploi, 76000 Rouen',
  capacity,
  facilitatorIds: [],
})
const freshMobile = () => `0787${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`

async function newPerson(tx: Tx, lastName: string, email: string | null = null) {
  const [row] = await tx
    .insert(s.candidates)
    .values({ organisationId: SM.organisationId, firstName: 'Alex', lastName, phone: freshMobile(), email })
    .returning({ id: s.candidates.id, email: s.candidates.email })
  return row!
}
async function newWorkshop(tx: Tx, input: ReturnType<typeof session>) {
  const created = await createWorkshop(asDb(tx), SM, input, MONDAY)
  if (!created.ok) throw new Error(created.error)
  return created.id
}
async function invite(
  tx: Tx,
  theme: string,
  candidateIds: string[],
  at: Date,
  channels: InvitationChannel[] = ['sms'],
) {
  const outcome = await inviteCandidates(asDb(tx), SM, { theme, channels, candidateIds }, at)
  if (!outcome.ok || outcome.invited.length !== candidateIds.length) throw new Error('not invited')
}
const invitationOf = async (tx: Tx, candidateId: string, theme?: string) =>
  (
    await tx
      .select()
      .from(s.invitations)
      .where(and(eq(s.invitations.candidateId, candidateId), theme ? eq(s.invitations.theme, theme) : undefined))
  )[0]!
const smsTo = async (tx: Tx, candidateIds: string[], kind: string) =>
  sent(
    await tx
      .select({
        candidateId: s.smsMessages.candidateId,
        body: s.smsMessages.body,
        sealedBody: s.smsMessages.sealedBody,
      })
      .from(s.smsMessages)
      .where(and(inArray(s.smsMessages.candidateId, candidateIds), eq(s.smsMessages.kind, kind))),
  )
const mailsTo = (tx: Tx, to: string, kind: string) =>
  tx
    .select({ subject: s.outboundMails.subject })
    .from(s.outboundMails)
    .where(and(eq(s.outboundMails.toAddress, to), eq(s.outboundMails.kind, kind)))

describe('invitation reminders', () => {
  it('the day-3 reminder: from 10:00 Paris on the 3rd day, once, and not with less than 2 days of validity left', async () => {
    expect(invitationReminderTime(paris('2026-11-23T23:30:00'))).toEqual(paris('2026-11-25T10:00:00'))
    expect(invitationReminderTime(paris('2026-11-23T00:10:00'))).toEqual(paris('2026-11-25T10:00:00'))
    await inRolledBackTransaction(db, async (tx) => {
      await newWorkshop(tx, session('Atelier CV', '2026-11-30', 5))
      await newWorkshop(tx, session('Atelier court', '2026-11-26', 5))
      // A later session, so that what holds the late reminder back is the days left, not a lack of seats.
      await newWorkshop(tx, session('Atelier court', '2026-11-28', 5))
      // 'Atelier court' is valid 4 days: until Friday 27 included.
      await tx
        .insert(s.invitationThemes)
        .values({ organisationId: SM.organisationId, theme: 'Atelier court', validityDays: 4 })
      const [ten, four, lateFour] = [
        await newPerson(tx, 'Dix'),
        await newPerson(tx, 'Quatre'),
        await newPerson(tx, 'Tard'),
      ]
      await invite(tx, 'Atelier CV', [ten.id], MONDAY)
      await invite(tx, 'Atelier court', [four.id], MONDAY)
      // Invited on Tuesday afternoon: valid until Saturday 28 included, its day 3 is Thursday 26.
      await invite(tx, 'Atelier court', [lateFour.id], paris('2026-11-24T15:00:00'))
      const ids = [ten.id, four.id, lateFour.id]
      const reminded = async () => (await smsTo(tx, ids, 'invitation.invitationReminder')).map((m) => m.candidateId)

      await remindPendingInvitations(asDb(tx), paris('2026-11-24T16:00:00'))
      await remindPendingInvitations(asDb(tx), paris('2026-11-25T09:59:00'))
      expect(await reminded()).toEqual([])
      await remindPendingInvitations(asDb(tx), paris('2026-11-25T10:00:00'))
      expect((await reminded()).sort()).toEqual([ten.id, four.id].sort())
      const [sms] = await smsTo(tx, [ten.id], 'invitation.invitationReminder')
      expect(sms!.body).toMatch(
        /^Bonjour Alex, il vous reste jusqu’au 03\/12\/2026 pour choisir votre date d’atelier «\u00a0Atelier CV\u00a0»\u00a0: http.*\/i\/[A-Z2-9]{8}$/,
      )
      expect(await invitationOf(tx, ten.id)).toMatchObject({ remindedAt: paris('2026-11-25T10:00:00') })
      const audit = await tx
        .select({ details: s.auditLog.details })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, ten.id), eq(s.auditLog.action, 'invitation.reminded')))
      expect(audit).toEqual([{ details: { invitationId: (await invitationOf(tx, ten.id)).id, channels: ['sms'] } }])

      // A retry reminds nobody twice. Then no run until Friday 27 (the jobs were down on Thursday): the one invited on
      // Tuesday has 1 day and 14 hours left, less than 2: no reminder.
      await remindPendingInvitations(asDb(tx), paris('2026-11-25T11:00:00'))
      await remindPendingInvitations(asDb(tx), paris('2026-11-27T10:00:00'))
      expect((await reminded()).sort()).toEqual([ten.id, four.id].sort())
      expect(await invitationOf(tx, lateFour.id)).toMatchObject({ remindedAt: null })
    })
  })

  it('no reminder on a channel that carried another invitation in the last 24 hours; the others still get it', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      await newWorkshop(tx, session('Atelier CV', '2026-11-30', 5))
      await newWorkshop(tx, session('Information collective', '2026-12-01', 5))
      const both = await newPerson(tx, 'Deux', `deux-${Date.now()}@exemple.test`)
      const smsOnly = await newPerson(tx, 'Seul')
      await invite(tx, 'Atelier CV', [both.id], MONDAY, ['sms', 'mail'])
      await invite(tx, 'Atelier CV', [smsOnly.id], MONDAY)
      // Tuesday 15:00: both are invited by SMS to another theme.
      await invite(tx, 'Information collective', [both.id, smsOnly.id], paris('2026-11-24T15:00:00'))

      await remindPendingInvitations(asDb(tx), paris('2026-11-25T10:00:00'))
      // By mail only for the one who has a mail channel; the SMS-only one waits.
      expect(await smsTo(tx, [both.id, smsOnly.id], 'invitation.invitationReminder')).toEqual([])
      expect(await mailsTo(tx, both.email!, 'invitation.invitationReminder')).toEqual([
        { subject: 'Rappel\u00a0: choisissez votre date d’atelier «\u00a0Atelier CV\u00a0»' },
      ])
      expect(await invitationOf(tx, both.id, 'Atelier CV')).toMatchObject({ remindedAt: paris('2026-11-25T10:00:00') })
      expect(await invitationOf(tx, smsOnly.id, 'Atelier CV')).toMatchObject({ remindedAt: null })

      // 24 hours after that SMS, the reminder goes (still 2 days left); the one reminded by mail gets nothing more.
      await remindPendingInvitations(asDb(tx), paris('2026-11-25T14:59:00'))
      expect(await smsTo(tx, [both.id, smsOnly.id], 'invitation.invitationReminder')).toEqual([])
      await remindPendingInvitations(asDb(tx), paris('2026-11-25T15:01:00'))
      expect(
        (await smsTo(tx, [both.id, smsOnly.id], 'invitation.invitationReminder')).map((m) => m.candidateId),
      ).toEqual([smsOnly.id])
      expect(await mailsTo(tx, both.email!, 'invitation.invitationReminder')).toHaveLength(1)
    })
  })

  it('a booked session is reminded 48 hours before, once; booked later, its confirmation stands for it; the day-before notice is the convocations’ only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      // Wednesday 2 December, 14:00 Paris.
      const workshopId = await newWorkshop(tx, session('Atelier CV', '2026-12-02', 5))
      const [early, late, convoked] = [
        await newPerson(tx, 'Tot'),
        await newPerson(tx, 'Tardif'),
        await newPerson(tx, 'Convoque'),
      ]
      await invite(tx, 'Atelier CV', [early.id, late.id], MONDAY)
      const book = async (candidateId: string, at: Date) => {
        const outcome = await bookLocked(tx, await invitationOf(tx, candidateId), workshopId, at, 'person')
        if (!outcome.ok) throw new Error(outcome.error)
      }
      await book(early.id, paris('2026-11-24T11:00:00'))
      await registerCandidates(asDb(tx), SM, workshopId, { candidateIds: [convoked.id] }, MONDAY)
      const ids = [early.id, late.id, convoked.id]
      const reminded = async () => (await smsTo(tx, ids, 'invitation.bookingReminder')).map((m) => m.candidateId)

      await remindBookedSessions(asDb(tx), paris('2026-11-30T13:59:00'))
      expect(await reminded()).toEqual([])
      await remindBookedSessions(asDb(tx), paris('2026-11-30T14:00:00'))
      expect(await reminded()).toEqual([early.id])
      const [sms] = await smsTo(tx, [early.id], 'invitation.bookingReminder')
      expect(sms!.body).toContain('rappel\u00a0: atelier «\u00a0Atelier CV du 2026-12-02\u00a0» le 02/12/2026 à 14h00')
      const [registration] = await tx
        .select({ remindedAt: s.workshopRegistrations.remindedAt })
        .from(s.workshopRegistrations)
        .where(eq(s.workshopRegistrations.candidateId, early.id))
      expect(registration!.remindedAt).toEqual(paris('2026-11-30T14:00:00'))
      // Booked on Monday 30 at 18:00, 44 hours before: its confirmation stands for the reminder.
      await book(late.id, paris('2026-11-30T18:00:00'))
      expect(await smsTo(tx, [late.id], 'invitation.booking')).toHaveLength(1)
      await remindBookedSessions(asDb(tx), paris('2026-11-30T19:00:00'))
      await remindBookedSessions(asDb(tx), paris('2026-12-01T10:00:00'))
      expect(await reminded()).toEqual([early.id])

      // The day before at 10:00: the convoked person alone gets the workshops' notice.
      await runWorkshopReminders(asDb(tx), paris('2026-12-01T10:00:00'))
      expect((await smsTo(tx, ids, 'workshop.reminder')).map((m) => m.candidateId)).toEqual([convoked.id])
    })
  })

  it('the nightly check mails the organisation once a day per theme whose invited people have no seat left', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const contact = `ateliers-${Date.now()}@seinemaritime.test`
      await tx.update(s.organisations).set({ contactEmail: contact }).where(eq(s.organisations.id, SM.organisationId))
      const full = await newWorkshop(tx, session('Atelier plein', '2026-11-30', 1))
      await newWorkshop(tx, session('Atelier libre', '2026-11-30', 5))
      const [a, b, c] = [await newPerson(tx, 'Ana'), await newPerson(tx, 'Ben'), await newPerson(tx, 'Cloe')]
      await invite(tx, 'Atelier plein', [a.id, b.id], MONDAY)
      await invite(tx, 'Atelier libre', [c.id], MONDAY)
      // The demo's own themes may be full too: only this test's are read.
      const alerts = async () =>
        (await mailsTo(tx, contact, 'invitation.seatAlert')).filter((m) => /Atelier (plein|libre)/.test(m.subject))

      await alertFullThemes(asDb(tx), paris('2026-11-24T05:40:00'))
      expect(await alerts()).toEqual([])
      // A convocation takes the last seat: the two invited people can no longer book.
      const holder = await newPerson(tx, 'Titulaire')
      await registerCandidates(asDb(tx), SM, full, { candidateIds: [holder.id] }, paris('2026-11-24T12:00:00'))
      await alertFullThemes(asDb(tx), paris('2026-11-25T05:40:00'))
      await alertFullThemes(asDb(tx), paris('2026-11-25T18:00:00'))
      expect(await alerts()).toEqual([{ subject: 'Plus de place libre pour l’atelier «\u00a0Atelier plein\u00a0»' }])
      const [mail] = await tx
        .select({ text: s.outboundMails.sealedText })
        .from(s.outboundMails)
        .where(
          and(
            eq(s.outboundMails.toAddress, contact),
            eq(s.outboundMails.kind, 'invitation.seatAlert'),
            like(s.outboundMails.subject, '%Atelier plein%'),
          ),
        )
      const text = unseal(mail!.text!)
      expect(text).toContain(
        '2 invitations en attente pour l’atelier «\u00a0Atelier plein\u00a0» n’ont plus aucune séance avec une place libre avant leur date limite',
      )
      expect(text).toContain('/workshops/dashboard')
      expect(text).not.toMatch(/Ana|Ben/)
      expect(
        await tx
          .select({ theme: s.invitationSeatAlerts.theme, day: s.invitationSeatAlerts.day })
          .from(s.invitationSeatAlerts)
          .where(eq(s.invitationSeatAlerts.organisationId, SM.organisationId)),
      ).toContainEqual({ theme: 'Atelier plein', day: '2026-11-25' })
      // The next night, while it lasts: once more.
      await alertFullThemes(asDb(tx), paris('2026-11-26T05:40:00'))
      expect(await alerts()).toHaveLength(2)

      // Without a contact address, nothing is sent (and nothing marked).
      await tx.update(s.organisations).set({ contactEmail: null }).where(eq(s.organisations.id, SM.organisationId))
      await alertFullThemes(asDb(tx), paris('2026-11-27T05:40:00'))
      expect(await alerts()).toHaveLength(2)
      expect(
        await tx
          .select({ day: s.invitationSeatAlerts.day })
          .from(s.invitationSeatAlerts)
          .where(
            and(
              eq(s.invitationSeatAlerts.organisationId, SM.organisationId),
              eq(s.invitationSeatAlerts.day, '2026-11-27'),
            ),
          ),
      ).toEqual([])
    })
  })
})
