import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { smsTextToSend } from '@/lib/sms/sealed-body'
import { demoIds } from '@/db/seed'
import { bookLocked } from '@/lib/invitations/booking'
import { inviteCandidates } from '@/lib/invitations/invite'
import { receiveInbound } from '@/lib/sms/inbound'
import { queueSms } from '@/lib/sms/queue-sms'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { cancelRegistration, registerCandidates } from '@/lib/workshops/registrations'
import { createWorkshop } from '@/lib/workshops/workshops'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// Answering an invitation's SMS: OUI takes an offered seat (the first to answer), confirms a booking, or brings the link
// back; NON/ANNULER cancels (the seat goes to the waitlist, then to the invited); STOP still opts out; any other text
// stays a reply; a reply is only ever read against the invitations of the organisation it was attached to.
/** The SMS as the person gets it: the stored body masks the invitation's code (lib/sms/sealed-body.ts). */
const sent = <T extends { body: string; sealedBody: string | null }>(rows: T[]) =>
  rows.map(({ sealedBody, ...row }) => ({ ...row, body: smsTextToSend({ body: row.body, sealedBody }) }))

const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const asDb = (tx: Tx | Db) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-conseiller' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' }
type Actor = { organisationId: string; actorId: string }
const NOW = new Date('2026-11-25T09:00:00Z')
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
// A theme of this run's own: the seat offers go to the oldest pending invitations of the theme, and another file on
// this worker's database may have left some of the seed's organisation's under a common name.
const THEME = `Atelier CV ${randomUUID().slice(0, 8)}`
const session = (day: string, capacity: number) => ({
  title: `Atelier CV du ${day}`,
  theme: THEME,
  startsAt: `${day}T14:00`,
  endsAt: `${day}T16:00`,
  addressFormatted: 'Maison de l’emploi, 76000 Rouen',
  capacity,
  facilitatorIds: [],
})

/** A mobile number no seeded message went to: replies from it find this test's candidate only. */
const freshMobile = () => `0786${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`

async function newPerson(handle: Tx | Db, organisationId: string, lastName: string, phone = freshMobile()) {
  const [row] = await handle
    .insert(s.candidates)
    .values({ organisationId, firstName: 'Camille', lastName, phone })
    .returning({ id: s.candidates.id, phone: s.candidates.phone })
  return { id: row!.id, phone: toSmsNumber(row!.phone)! }
}

async function newWorkshop(handle: Tx | Db, actor: Actor, input: ReturnType<typeof session>) {
  const created = await createWorkshop(asDb(handle), actor, input, NOW)
  if (!created.ok) throw new Error(created.error)
  return created.id
}

async function invite(handle: Tx | Db, actor: Actor, candidateIds: string[], at = NOW) {
  const outcome = await inviteCandidates(asDb(handle), actor, { theme: THEME, channels: ['sms'], candidateIds }, at)
  if (!outcome.ok || outcome.invited.length !== candidateIds.length) throw new Error('not invited')
}

const invitationOf = async (handle: Tx | Db, candidateId: string) =>
  (await handle.select().from(s.invitations).where(eq(s.invitations.candidateId, candidateId)))[0]!

/** Books through the same path as the link, for the person. */
async function book(handle: Tx | Db, candidateId: string, workshopId: string, at = NOW) {
  const outcome = await bookLocked(handle, await invitationOf(handle, candidateId), workshopId, at, 'person')
  if (!outcome.ok) throw new Error(outcome.error)
}

const reply = (handle: Tx | Db, from: string, body: string, at: Date) =>
  receiveInbound(asDb(handle), { from, to: 'PASSERELLE', body, sid: `SM${randomUUID().replace(/-/g, '')}`, at })

const registrationsOf = (handle: Tx | Db, workshopId: string) =>
  handle
    .select({
      candidateId: s.workshopRegistrations.candidateId,
      status: s.workshopRegistrations.status,
      invitationId: s.workshopRegistrations.invitationId,
      confirmedAt: s.workshopRegistrations.confirmedAt,
    })
    .from(s.workshopRegistrations)
    .where(eq(s.workshopRegistrations.workshopId, workshopId))

const smsTo = async (handle: Tx | Db, candidateId: string, kind: string) =>
  sent(
    await handle
      .select({ body: s.smsMessages.body, sealedBody: s.smsMessages.sealedBody })
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.candidateId, candidateId), eq(s.smsMessages.kind, kind))),
  )

const auditOf = (handle: Tx | Db, candidateId: string, action: string) =>
  handle
    .select({ details: s.auditLog.details })
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityId, candidateId), eq(s.auditLog.action, action)))

const seatsOf = async (handle: Tx | Db, workshopId: string) =>
  (
    await handle
      .select({ seatsTaken: s.workshops.seatsTaken, waitlistCount: s.workshops.waitlistCount })
      .from(s.workshops)
      .where(eq(s.workshops.id, workshopId))
  )[0]!

/** A full session (a convocation holds its one seat), then freed: the seat is offered to the invited people. */
async function offeredSeat(handle: Tx | Db, actor: Actor, invited: string[]) {
  const workshopId = await newWorkshop(handle, actor, session('2026-12-03', 1))
  await invite(handle, actor, invited)
  const holder = await newPerson(handle, actor.organisationId, 'Titulaire')
  await registerCandidates(asDb(handle), actor, workshopId, { candidateIds: [holder.id] }, later(5))
  const [held] = await handle
    .select({ id: s.workshopRegistrations.id })
    .from(s.workshopRegistrations)
    .where(eq(s.workshopRegistrations.candidateId, holder.id))
  expect(await cancelRegistration(asDb(handle), actor, held!.id, later(10))).toEqual({ ok: true, promoted: 0 })
  return workshopId
}

describe('SMS replies to invitations', () => {
  it('OUI to an offered seat books it for the person, confirmed, and the booking’s confirmation is the answer', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const person = await newPerson(tx, SM.organisationId, 'Durand')
      const workshopId = await offeredSeat(tx, SM, [person.id])
      expect(await invitationOf(tx, person.id)).toMatchObject({ status: 'pending', offeredWorkshopId: workshopId })
      expect(await smsTo(tx, person.id, 'invitation.seatOffer')).toHaveLength(1)

      expect(await reply(tx, person.phone, 'Oui !', later(30))).toBe('answered')
      const inv = await invitationOf(tx, person.id)
      expect(inv).toMatchObject({ status: 'booked', bookedBy: 'person', offeredWorkshopId: null })
      expect(await registrationsOf(tx, workshopId)).toContainEqual({
        candidateId: person.id,
        status: 'registered',
        invitationId: inv.id,
        confirmedAt: later(30),
      })
      expect(await seatsOf(tx, workshopId)).toEqual({ seatsTaken: 1, waitlistCount: 0 })
      const [booking] = await smsTo(tx, person.id, 'invitation.booking')
      expect(booking!.body).toContain('est réservée le 03/12/2026 à 14h00')
      expect(await smsTo(tx, person.id, 'invitation.reply')).toEqual([])
      expect(await auditOf(tx, person.id, 'invitation.booked')).toEqual([
        { details: { invitationId: inv.id, workshopId, by: 'person' } },
      ])
    })
  })

  it('two OUI at once for one freed seat: one person gets it, the other is told it is gone, with the link', async () => {
    const [organisation] = await db
      .insert(s.organisations)
      .values({ name: `Invitations ${randomUUID().slice(0, 8)}` })
      .returning({ id: s.organisations.id })
    const actor = { organisationId: throwaway(organisation!.id), actorId: 'demo-conseiller' }
    const people = [
      await newPerson(db, actor.organisationId, 'Aubert'),
      await newPerson(db, actor.organisationId, 'Blin'),
    ]
    const workshopId = await offeredSeat(
      db,
      actor,
      people.map((p) => p.id),
    )
    for (const p of people) expect(await invitationOf(db, p.id)).toMatchObject({ offeredWorkshopId: workshopId })

    const outcomes = await Promise.all(people.map((p) => reply(db, p.phone, 'OUI', later(30))))
    expect(outcomes).toEqual(['answered', 'answered'])
    const seated = (await registrationsOf(db, workshopId)).filter((r) => r.status === 'registered')
    expect(seated).toHaveLength(1)
    expect(await seatsOf(db, workshopId)).toEqual({ seatsTaken: 1, waitlistCount: 0 })
    const winner = people.find((p) => p.id === seated[0]!.candidateId)!
    const loser = people.find((p) => p !== winner)!
    expect(await invitationOf(db, winner.id)).toMatchObject({ status: 'booked' })
    expect(await invitationOf(db, loser.id)).toMatchObject({ status: 'pending', offeredWorkshopId: null })
    const [told] = await smsTo(db, loser.id, 'invitation.reply')
    expect(told!.body).toMatch(
      /^Désolé, cette place n’est plus libre\. Choisissez une autre date\u00a0: http.*\/i\/[A-Z2-9]{8}$/,
    )
    expect(await smsTo(db, loser.id, 'invitation.booking')).toEqual([])
    expect(await auditOf(db, loser.id, 'invitation.offerGone')).toHaveLength(1)
  })

  it('OUI to a booked session confirms it; a pending invitation without an offer gets its link back', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const workshopId = await newWorkshop(tx, SM, session('2026-12-03', 5))
      const booked = await newPerson(tx, SM.organisationId, 'Morel')
      const waiting = await newPerson(tx, SM.organisationId, 'Petit')
      await invite(tx, SM, [booked.id, waiting.id])
      await book(tx, booked.id, workshopId, later(5))

      expect(await reply(tx, booked.phone, 'ok merci', later(60))).toBe('answered')
      expect(await registrationsOf(tx, workshopId)).toEqual([
        expect.objectContaining({ candidateId: booked.id, status: 'registered', confirmedAt: later(60) }),
      ])
      expect(await smsTo(tx, booked.id, 'invitation.reply')).toEqual([
        { body: 'Merci, c’est noté\u00a0: votre venue à l’atelier du 03/12/2026 à 14h00 est confirmée.' },
      ])
      expect(await auditOf(tx, booked.id, 'invitation.confirmed')).toHaveLength(1)

      expect(await reply(tx, waiting.phone, 'OUI', later(60))).toBe('answered')
      expect(await invitationOf(tx, waiting.id)).toMatchObject({ status: 'pending', registrationId: null })
      const [link] = await smsTo(tx, waiting.id, 'invitation.reply')
      expect(link!.body).toMatch(
        new RegExp(
          `^Pour choisir votre date d’atelier «\u00a0${THEME}\u00a0», utilisez ce lien\u00a0: http.*/i/[A-Z2-9]{8}$`,
        ),
      )
    })
  })

  it('ANNULER frees the seat: to the waitlist first; the next seat freed is offered to the invited who have not booked', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      // The answer names the organisation's contact phone (another file may have saved the settings without one).
      await tx
        .update(s.organisations)
        .set({ contactPhone: '02 35 03 55 55' })
        .where(eq(s.organisations.id, SM.organisationId))
      const workshopId = await newWorkshop(tx, SM, session('2026-12-03', 2))
      const [first, second, invited] = [
        await newPerson(tx, SM.organisationId, 'Lefort'),
        await newPerson(tx, SM.organisationId, 'Roux'),
        await newPerson(tx, SM.organisationId, 'Vidal'),
      ]
      await invite(tx, SM, [first!.id, second!.id, invited!.id])
      await book(tx, first!.id, workshopId, later(5))
      await book(tx, second!.id, workshopId, later(6))
      const waitlisted = await newPerson(tx, SM.organisationId, 'Attente')
      await registerCandidates(asDb(tx), SM, workshopId, { candidateIds: [waitlisted.id] }, later(7))

      expect(await reply(tx, first!.phone, 'Annuler', later(60))).toBe('answered')
      expect(await invitationOf(tx, first!.id)).toMatchObject({ status: 'declined', closedAt: later(60) })
      const rows = await registrationsOf(tx, workshopId)
      expect(rows.find((r) => r.candidateId === first!.id)!.status).toBe('cancelled')
      expect(rows.find((r) => r.candidateId === waitlisted.id)!.status).toBe('registered')
      expect(await smsTo(tx, waitlisted.id, 'workshop.promotion')).toHaveLength(1)
      expect(await invitationOf(tx, invited!.id)).toMatchObject({ offeredWorkshopId: null })
      expect(await smsTo(tx, first!.id, 'invitation.reply')).toEqual([
        {
          body: 'C’est noté\u00a0: votre place à l’atelier du 03/12/2026 à 14h00 est annulée. Pour une autre date, appelez le 02 35 03 55 55.',
        },
      ])
      expect(await auditOf(tx, first!.id, 'invitation.cancelled')).toEqual([
        { details: { invitationId: expect.any(String), workshopId, source: 'sms' } },
      ])

      // The waitlist is empty now: the seat the second frees is offered to the invited person.
      expect(await reply(tx, second!.phone, 'non', later(90))).toBe('answered')
      expect(await seatsOf(tx, workshopId)).toEqual({ seatsTaken: 1, waitlistCount: 0 })
      expect(await invitationOf(tx, invited!.id)).toMatchObject({ status: 'pending', offeredWorkshopId: workshopId })
      expect(await smsTo(tx, invited!.id, 'invitation.seatOffer')).toHaveLength(1)

      // NON to that offer ends the offer alone: the invitation stays open, its link given back.
      expect(await reply(tx, invited!.phone, 'Non merci', later(120))).toBe('answered')
      expect(await invitationOf(tx, invited!.id)).toMatchObject({ status: 'pending', offeredWorkshopId: null })
      const [refused] = await smsTo(tx, invited!.id, 'invitation.reply')
      expect(refused!.body).toContain('cette place ne vous est plus proposée')
    })
  })

  it('STOP opts the person out and cancels nothing; an unrelated text stays a plain reply', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const workshopId = await newWorkshop(tx, SM, session('2026-12-03', 5))
      const person = await newPerson(tx, SM.organisationId, 'Garnier')
      await invite(tx, SM, [person.id])
      await book(tx, person.id, workshopId, later(5))

      expect(await reply(tx, person.phone, 'Je serai en retard de 10 minutes', later(30))).toBe('attached')
      expect(await reply(tx, person.phone, 'Oui mais plus tard', later(31))).toBe('attached')
      expect(await reply(tx, person.phone, 'STOP', later(40))).toBe('optedOut')
      const [row] = await tx
        .select({ optedOutAt: s.candidates.smsOptedOutAt })
        .from(s.candidates)
        .where(eq(s.candidates.id, person.id))
      expect(row!.optedOutAt).toEqual(later(40))
      expect(await invitationOf(tx, person.id)).toMatchObject({ status: 'booked' })
      expect(await registrationsOf(tx, workshopId)).toEqual([
        expect.objectContaining({ candidateId: person.id, status: 'registered', confirmedAt: null }),
      ])
      expect(await smsTo(tx, person.id, 'invitation.reply')).toEqual([])
      const replies = await tx
        .select({ body: s.smsMessages.body })
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, person.id), eq(s.smsMessages.direction, 'inbound')))
      expect(replies.map((r) => r.body).sort()).toEqual([
        'Je serai en retard de 10 minutes',
        'Oui mais plus tard',
        'STOP',
      ])
    })
  })

  it('a reply is read against the organisation it was attached to: another organisation’s invitation is never matched', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const phone = freshMobile()
      // Lyon invited this number to a session, and offered it a freed seat…
      const inLyon = await newPerson(tx, LYON.organisationId, 'Perrin', phone)
      const lyonWorkshop = await offeredSeat(tx, LYON, [inLyon.id])
      expect(await invitationOf(tx, inLyon.id)).toMatchObject({ offeredWorkshopId: lyonWorkshop })
      // … then Seine-Maritime wrote to the same number last: the reply is Seine-Maritime’s, which invited nobody.
      const inSeine = await newPerson(tx, SM.organisationId, 'Perrin', phone)
      const [sent] = await queueSms(tx, {
        organisationId: SM.organisationId,
        authorId: 'demo-referent',
        kind: 'sheet',
        candidateIds: [inSeine.id],
        text: 'Bonjour, pouvez-vous venir mardi ?',
        now: later(20),
      })
      expect(sent!.ok).toBe(true)

      expect(await reply(tx, phone, 'OUI', later(30))).toBe('attached')
      expect(await invitationOf(tx, inLyon.id)).toMatchObject({ status: 'pending', offeredWorkshopId: lyonWorkshop })
      expect((await registrationsOf(tx, lyonWorkshop)).filter((r) => r.status === 'registered')).toEqual([])
      expect(await smsTo(tx, inLyon.id, 'invitation.reply')).toEqual([])
      expect(await smsTo(tx, inSeine.id, 'invitation.reply')).toEqual([])
    })
  })
})
