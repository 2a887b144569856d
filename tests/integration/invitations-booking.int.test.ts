import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { smsTextToSend } from '@/lib/sms/sealed-body'
import {
  bookFromInvitation,
  cancelFromInvitation,
  checkName,
  invitationByCode,
  issueProof,
} from '@/lib/invitations/booking'
import { hashCode } from '@/lib/invitations/code'
import { inviteCandidates } from '@/lib/invitations/invite'
import { INVITATION_MESSAGES, NAME_CHECK_LOCK_MINUTES } from '@/lib/invitations/messages'
import { openInvitation } from '@/lib/invitations/public-page'
import { invitationLimits, lookUpCode, reserveNameCheck } from '@/lib/invitations/public-throttle'
import { createWorkshop } from '@/lib/workshops/workshops'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// The person's side of an invitation, signed out: the code, the name check and its lock, booking, moving and
// cancelling, the last seat raced, and the throttling of codes and names per address.
/** The SMS as the person gets it: the stored body masks the invitation's code (lib/sms/sealed-body.ts). */
const sent = <T extends { body: string; sealedBody: string | null }>(rows: T[]) =>
  rows.map(({ sealedBody, ...row }) => ({ ...row, body: smsTextToSend({ body: row.body, sealedBody }) }))

const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const asDb = (tx: Tx) => tx as unknown as Db
const NOW = new Date('2026-11-25T09:00:00Z')
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000)
let actor = { organisationId: '', actorId: 'demo-conseiller' }

beforeAll(async () => {
  const [organisation] = await db
    .insert(s.organisations)
    .values({
      name: `Invitations ${randomUUID().slice(0, 8)}`,
      contactPhone: '02 35 00 00 00',
      contactEmail: 'accueil@example.org',
    })
    .returning({ id: s.organisations.id })
  actor = { organisationId: throwaway(organisation!.id), actorId: 'demo-conseiller' }
})

type Session = { startsAt: string; endsAt: string; capacity: number }
// Within the default validity (10 days from 25 November: until 5 December), A and B; C is past it.
const A: Session = { startsAt: '2026-11-27T14:00', endsAt: '2026-11-27T16:30', capacity: 1 }
const B: Session = { startsAt: '2026-11-30T09:30', endsAt: '2026-11-30T11:00', capacity: 2 }
const C: Session = { startsAt: '2026-12-20T09:30', endsAt: '2026-12-20T11:00', capacity: 5 }

/** A theme's sessions, candidates with a mobile, and their invitations by SMS; each code read back from its SMS. */
async function invite(h: Db, sessions: Session[], lastNames: string[]) {
  const theme = `Thème ${randomUUID().slice(0, 8)}`
  const workshopIds: string[] = []
  for (const [k, session] of sessions.entries()) {
    const created = await createWorkshop(
      h,
      actor,
      {
        title: `Séance ${k + 1}`,
        theme,
        description: '',
        ...session,
        addressFormatted: 'Maison de l’emploi, 76000 Rouen',
        facilitatorIds: [],
      },
      NOW,
    )
    if (!created.ok) throw new Error(created.error)
    workshopIds.push(created.id)
  }
  const people = await h
    .insert(s.candidates)
    .values(
      lastNames.map((lastName, k) => ({
        organisationId: actor.organisationId,
        firstName: 'Camille',
        lastName,
        phone: `06 12 34 56 ${String(10 + k)}`,
      })),
    )
    .returning({ id: s.candidates.id })
  const invited = await inviteCandidates(
    h,
    actor,
    { theme, channels: ['sms'], candidateIds: people.map((p) => p.id) },
    NOW,
  )
  if (!invited.ok) throw new Error(invited.error)
  expect(invited.refused).toEqual([])
  const codes: string[] = []
  for (const p of people) {
    const [sms] = sent(
      await h
        .select({ body: s.smsMessages.body, sealedBody: s.smsMessages.sealedBody })
        .from(s.smsMessages)
        .where(and(eq(s.smsMessages.candidateId, p.id), eq(s.smsMessages.kind, 'invitation.invitation'))),
    )
    codes.push(/\/i\/([A-Z2-9]{8})\b/.exec(sms!.body)![1]!)
  }
  const invitationIds = people.map((p) => invited.invited.find((i) => i.candidateId === p.id)!.invitationId)
  return { theme, workshopIds, candidateIds: people.map((p) => p.id), codes, invitationIds }
}

const seats = async (h: Db, ids: string[]) =>
  (
    await h
      .select({ id: s.workshops.id, taken: s.workshops.seatsTaken })
      .from(s.workshops)
      .where(inArray(s.workshops.id, ids))
  ).reduce<Record<string, number>>((all, w) => ({ ...all, [w.id]: w.taken }), {})

const auditOf = (h: Db, candidateId: string) =>
  h
    .select({ action: s.auditLog.action, actorId: s.auditLog.actorId })
    .from(s.auditLog)
    .where(
      and(
        eq(s.auditLog.entityType, 'candidate'),
        eq(s.auditLog.entityId, candidateId),
        sql`${s.auditLog.action} like 'invitation.%'`,
      ),
    )
    .orderBy(asc(s.auditLog.at))

describe('booking from an invitation, signed out', () => {
  it('keeps no code: the row holds its HMAC and a sealed copy, and the link finds it however the code is typed', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const { codes, invitationIds } = await invite(asDb(tx), [A, B], ['Morel'])
      const code = codes[0]!
      const [row] = await tx.select().from(s.invitations).where(eq(s.invitations.id, invitationIds[0]!))
      expect(row!.codeHash).toBe(hashCode(code))
      expect(JSON.stringify(row)).not.toContain(code)
      // Another secret gives another hash: a copy of the table cannot be searched for codes without the app's key.
      expect(row!.codeHash).not.toBe(
        (await import('node:crypto')).createHash('sha256').update(code).digest('base64url'),
      )
      const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`
      expect((await invitationByCode(tx, typed))?.id).toBe(invitationIds[0])
      expect(
        await invitationByCode(
          tx,
          code.replace(/./, (c) => (c === 'A' ? 'B' : 'A')),
        ),
      ).toBeNull()

      // The page shows the organisation, the theme and the open sessions (C, past the validity, is not one), and
      // nothing of the person's before the name check.
      const opened = await openInvitation(asDb(tx), typed, undefined, null, NOW)
      if (opened.kind !== 'found') throw new Error(opened.kind)
      expect(opened.view).toMatchObject({
        code,
        state: 'open',
        checked: false,
        booking: null,
        organisation: { phone: '02 35 00 00 00', tel: '0235000000', email: 'accueil@example.org' },
      })
      expect(opened.view.sessions.map((x) => x.name)).toEqual(['Séance 1', 'Séance 2'])
      expect(JSON.stringify(opened.view)).not.toContain('Morel')
      // Expired: the page still opens, with the organisation's contact and nothing to book.
      const expired = await openInvitation(asDb(tx), code, undefined, null, new Date('2026-12-06T00:00:00+01:00'))
      expect(expired).toMatchObject({ kind: 'found', view: { state: 'expired', sessions: [] } })
    })
  })

  it('checks the first three letters of the last name, without accents or case; 5 wrong in a row lock it for 15 minutes', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const h = asDb(tx)
      const { codes, candidateIds, invitationIds } = await invite(h, [A], ['d’Éloi-Durand'])
      const code = codes[0]!
      expect(await checkName(h, code, ' dél ', NOW)).toEqual({ ok: true, invitationId: invitationIds[0] })
      expect(await checkName(h, code, 'D-E-L', NOW)).toMatchObject({ ok: true })
      for (let k = 1; k <= 4; k++)
        expect(await checkName(h, code, 'dur', minutes(k))).toMatchObject({
          ok: false,
          error: INVITATION_MESSAGES.nameWrong(5 - k),
          fieldErrors: { letters: INVITATION_MESSAGES.nameWrong(5 - k) },
        })
      expect(await checkName(h, code, 'dur', minutes(5))).toEqual({
        ok: false,
        locked: true,
        error: INVITATION_MESSAGES.nameLocked(NAME_CHECK_LOCK_MINUTES),
      })
      // Locked: even the right letters wait, and the page says so.
      expect(await checkName(h, code, 'del', minutes(10))).toMatchObject({ ok: false, locked: true })
      const page = await openInvitation(h, code, undefined, null, minutes(10))
      expect(page).toMatchObject({ kind: 'found', view: { state: 'locked', lockedMinutes: 10 } })
      const [row] = await tx.select().from(s.invitations).where(eq(s.invitations.id, invitationIds[0]!))
      expect(row!.lockedUntil).toEqual(minutes(5 + NAME_CHECK_LOCK_MINUTES))
      // 15 minutes on, the right letters open it; the count started again.
      expect(await checkName(h, code, 'DEL', minutes(20))).toMatchObject({ ok: true })
      expect(await checkName(h, code, 'xyz', minutes(21))).toMatchObject({
        error: INVITATION_MESSAGES.nameWrong(4),
      })
      // Letters that are no letters are not a try.
      expect(await checkName(h, code, '12-', minutes(22))).toMatchObject({ error: INVITATION_MESSAGES.nameFormat })
      // The journal keeps the order of the rows one transaction writes (clock_timestamp(), not the transaction's start).
      expect((await auditOf(h, candidateIds[0]!)).map((a) => a.action)).toEqual([
        'invitation.sent',
        'invitation.opened',
        'invitation.opened',
        'invitation.checkFailed',
        'invitation.checkFailed',
        'invitation.checkFailed',
        'invitation.checkFailed',
        'invitation.locked',
        'invitation.opened',
        'invitation.checkFailed',
      ])
      const signedOut = (await auditOf(h, candidateIds[0]!)).filter((a) => a.action !== 'invitation.sent')
      expect(signedOut.every((a) => a.actorId === null)).toBe(true)
    })
  })

  it('books, moves and cancels only with the name check’s proof of this invitation, still valid', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const h = asDb(tx)
      const { codes, workshopIds, invitationIds } = await invite(h, [A, B], ['Morel', 'Lopes'])
      const [mine, other] = invitationIds as [string, string]
      const code = codes[0]!
      const refused = { ok: false, error: INVITATION_MESSAGES.checkFirst }
      expect(await bookFromInvitation(h, code, undefined, workshopIds[0]!, NOW)).toEqual(refused)
      expect(await bookFromInvitation(h, code, issueProof(other, NOW).value, workshopIds[0]!, NOW)).toEqual(refused)
      const stale = issueProof(mine, minutes(-31)).value
      expect(await bookFromInvitation(h, code, stale, workshopIds[0]!, NOW)).toEqual(refused)
      const forged = issueProof(mine, NOW).value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
      expect(await bookFromInvitation(h, code, forged, workshopIds[0]!, NOW)).toEqual(refused)
      expect(await cancelFromInvitation(h, code, undefined, NOW)).toEqual(refused)
      expect(await seats(h, workshopIds)).toEqual({ [workshopIds[0]!]: 0, [workshopIds[1]!]: 0 })
      // With the proof, the page shows the booking only once there is one; a session of another theme is refused.
      const proof = issueProof(mine, NOW).value
      expect((await openInvitation(h, code, proof, null, NOW)) as object).toMatchObject({ view: { checked: true } })
      const elsewhere = await invite(h, [B], ['Martin'])
      expect(await bookFromInvitation(h, code, proof, elsewhere.workshopIds[0]!, NOW)).toEqual({
        ok: false,
        error: INVITATION_MESSAGES.sessionUnknown,
      })
    })
  })

  it('books, moves to another session and cancels: the seats follow, each step confirmed by SMS', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const h = asDb(tx)
      const { codes, workshopIds, invitationIds, candidateIds } = await invite(h, [A, B], ['Morel'])
      const [a, b] = workshopIds as [string, string]
      const code = codes[0]!
      const proof = issueProof(invitationIds[0]!, NOW).value
      expect(await bookFromInvitation(h, code, proof, a, NOW)).toEqual({ ok: true, workshopId: a })
      expect(await seats(h, workshopIds)).toEqual({ [a]: 1, [b]: 0 })
      const booked = await openInvitation(h, code, proof, null, NOW)
      if (booked.kind !== 'found') throw new Error(booked.kind)
      expect(booked.view).toMatchObject({ state: 'booked', booking: { workshopId: a, changeable: true, past: false } })
      // Moving is offered to the other sessions only.
      expect(booked.view.sessions.map((x) => x.id)).toEqual([b])
      const confirmations = async () =>
        sent(
          await tx
            .select({ body: s.smsMessages.body, sealedBody: s.smsMessages.sealedBody })
            .from(s.smsMessages)
            .where(and(eq(s.smsMessages.candidateId, candidateIds[0]!), eq(s.smsMessages.kind, 'invitation.booking')))
            .orderBy(asc(s.smsMessages.createdAt), asc(sql`ctid`)),
        )
      const first = await confirmations()
      expect(first).toHaveLength(1)
      // Its date, and the link to change or cancel.
      expect(first[0]!.body).toContain('27/11')
      expect(first[0]!.body).toContain(`/i/${code}`)

      // The proof lasts 30 minutes: an hour on, the person typed the letters again.
      const later = issueProof(invitationIds[0]!, minutes(60)).value
      expect(await bookFromInvitation(h, code, later, b, minutes(60))).toEqual({ ok: true, workshopId: b })
      expect(await seats(h, workshopIds)).toEqual({ [a]: 0, [b]: 1 })
      const registrations = await tx
        .select({ workshopId: s.workshopRegistrations.workshopId, status: s.workshopRegistrations.status })
        .from(s.workshopRegistrations)
        .where(eq(s.workshopRegistrations.candidateId, candidateIds[0]!))
      expect(registrations.map((r) => `${r.workshopId === a ? 'A' : 'B'} ${r.status}`).sort()).toEqual([
        'A cancelled',
        'B registered',
      ])
      // Written in one transaction, the two are told apart by their date, not by their order.
      const both = await confirmations()
      expect(both).toHaveLength(2)
      expect(both.filter((m) => m.body.includes('30/11') && !m.body.includes('27/11'))).toHaveLength(1)

      const last = issueProof(invitationIds[0]!, minutes(120)).value
      expect(await cancelFromInvitation(h, code, last, minutes(120))).toEqual({ ok: true })
      expect(await seats(h, workshopIds)).toEqual({ [a]: 0, [b]: 0 })
      const [row] = await tx.select().from(s.invitations).where(eq(s.invitations.id, invitationIds[0]!))
      expect(row!.status).toBe('declined')
      const closed = await openInvitation(h, code, last, null, minutes(121))
      expect(closed).toMatchObject({ kind: 'found', view: { state: 'closed', status: 'declined', booking: null } })
      // One transaction writes them all at one instant (now()), and a heap with free space does not keep insertion
      // order: the four steps, whatever their order on disk.
      expect((await auditOf(h, candidateIds[0]!)).map((x) => x.action).sort()).toEqual([
        'invitation.booked',
        'invitation.cancelled',
        'invitation.moved',
        'invitation.sent',
      ])
    })
  })

  it('refuses to move or cancel from the link within 24 hours of the session', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const h = asDb(tx)
      const { codes, workshopIds, invitationIds } = await invite(h, [A, B], ['Morel'])
      const [a, b] = workshopIds as [string, string]
      const code = codes[0]!
      expect(await bookFromInvitation(h, code, issueProof(invitationIds[0]!, NOW).value, a, NOW)).toMatchObject({
        ok: true,
      })
      // A starts on 27 November at 14:00 Paris (13:00 UTC): 23 hours before is 26 November, 14:00 UTC.
      const late = new Date('2026-11-26T14:00:00Z')
      const proof = issueProof(invitationIds[0]!, late).value
      const tooLate = { ok: false, error: INVITATION_MESSAGES.tooLate }
      expect(await bookFromInvitation(h, code, proof, b, late)).toEqual(tooLate)
      expect(await cancelFromInvitation(h, code, proof, late)).toEqual(tooLate)
      expect(await seats(h, workshopIds)).toEqual({ [a]: 1, [b]: 0 })
      expect(await openInvitation(h, code, proof, null, late)).toMatchObject({
        view: { booking: { workshopId: a, changeable: false } },
      })
    })
  })

  it('two people taking the last seat at once: one gets it, the other is told and shown the sessions left', async () => {
    // Committed, in two transactions of their own: the throwaway organisation goes after the file.
    const { codes, workshopIds, invitationIds } = await invite(db, [A, B, C], ['Morel', 'Lopes'])
    const [a, b] = workshopIds as [string, string]
    const outcomes = await Promise.all(
      codes.map((code, k) => bookFromInvitation(db, code, issueProof(invitationIds[k]!, NOW).value, a, NOW)),
    )
    const won = outcomes.filter((o) => o.ok)
    const lost = outcomes.filter((o) => !o.ok)
    expect(won).toEqual([{ ok: true, workshopId: a }])
    expect(lost).toHaveLength(1)
    expect(lost[0]).toMatchObject({ ok: false, error: INVITATION_MESSAGES.sessionGone })
    expect(lost[0]!.sessions?.map((x) => x.id)).toEqual([b])
    const [row] = await db.select().from(s.workshops).where(eq(s.workshops.id, a))
    expect(row!.seatsTaken).toBe(1)
    const registered = await db
      .select({ id: s.workshopRegistrations.id })
      .from(s.workshopRegistrations)
      .where(and(eq(s.workshopRegistrations.workshopId, a), eq(s.workshopRegistrations.status, 'registered')))
    expect(registered).toHaveLength(1)
    const statuses = await db
      .select({ status: s.invitations.status })
      .from(s.invitations)
      .where(inArray(s.invitations.id, invitationIds))
    expect(statuses.map((x) => x.status).sort()).toEqual(['booked', 'pending'])
  })

  it('throttles unknown codes per address (a found code does not count), and wrong names per address', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const h = asDb(tx)
      const { codes } = await invite(h, [A], ['Morel'])
      const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`
      const limit = invitationLimits().codesPerAddress
      for (let k = 0; k < limit + 5; k++) expect((await lookUpCode(h, codes[0]!, ip)).kind).toBe('found')
      const unknown = (k: number) => `ZZZZ${String(2222 + k).replace(/[01]/g, '2')}`
      for (let k = 0; k < limit; k++) expect((await lookUpCode(h, unknown(k), ip)).kind).toBe('unknown')
      // The address is done for the hour, whatever it types; an impossible code is never looked up.
      expect((await lookUpCode(h, codes[0]!, ip)).kind).toBe('throttled')
      expect(await openInvitation(h, codes[0]!, undefined, ip, NOW)).toEqual({ kind: 'throttled' })
      expect((await lookUpCode(h, 'O0I1', ip)).kind).toBe('invalid')
      // Another address is not.
      expect((await lookUpCode(h, codes[0]!, '203.0.113.9')).kind).toBe('found')

      const names = invitationLimits().namesPerAddress
      for (let k = 0; k < names; k++) expect(await reserveNameCheck(h, ip)).not.toBeNull()
      expect(await reserveNameCheck(h, ip)).toBeNull()
      // A right answer gives its try back.
      const other = '203.0.113.10'
      for (let k = 0; k < names + 3; k++) await (await reserveNameCheck(h, other))!.forgive()
      expect(await reserveNameCheck(h, other)).not.toBeNull()
    })
  })
})
