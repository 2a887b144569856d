import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '@/lib/dates'
import * as s from '@/lib/db/schema'
import { fupAnswerSchema } from '@/lib/prescriptions/fup-answer-schema'
import { archiveApplies } from '@/lib/prescriptions/partner-archives'
import { sendFup } from '@/lib/prescriptions/partner-answers-fup'
import { prescribe } from '@/lib/prescriptions/referent-prescribes'
import { candidatePrescriptions } from '@/lib/prescriptions/referent-lists'
import { expirePendingPrescriptions } from '@/lib/prescriptions/reminders'
import { offerWaitlist, setFreePlaces, waitlistLength, WAITLIST_MESSAGES } from '@/lib/prescriptions/waitlist'
import { useTestDb } from './db'
import { useThrowawayOrganisations } from './throwaway-organisations'

// A full offer is a waitlist (issue 40 §4), on an organisation and a structure of the file's own: its data is
// committed, so that the concurrent cases run in transactions of their own, as requests do.
const db = useTestDb()
const throwaway = useThrowawayOrganisations(db)
const NOW = new Date('2026-11-23T09:00:00.000Z')
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)

const saved = process.env.BETTER_AUTH_URL
beforeAll(() => {
  process.env.BETTER_AUTH_URL = 'https://passerelle.example'
})
afterAll(() => {
  if (saved === undefined) delete process.env.BETTER_AUTH_URL
  else process.env.BETTER_AUTH_URL = saved
})

/** An organisation with a referent; a structure with one partner user (one mail per prescription) and one offer. */
async function newOffer(freePlaces: number | null) {
  const tag = randomUUID().slice(0, 8)
  const [organisation] = await db
    .insert(s.organisations)
    .values({ name: `Liste d’attente ${tag}`, answerReminderDays: 10, prescriptionExpiryDays: 60 })
    .returning()
  const organisationId = throwaway(organisation!.id)
  const [structure] = await db
    .insert(s.partnerStructures)
    .values({ organisationId, name: `Garage solidaire ${tag}`, email: `contact.${tag}@garage.test` })
    .returning()
  await db.insert(s.organisationPartnerStructures).values({ organisationId, structureId: structure!.id })
  const [offer] = await db
    .insert(s.socialOffers)
    .values({
      structureId: structure!.id,
      offerId: `garage-${tag}`,
      name: 'Location de voiture',
      source: 'passerelle',
      providerName: 'Garage solidaire',
      freePlaces,
    })
    .returning()
  const referentId = `referent-${randomUUID()}`
  await db.insert(s.users).values({
    id: referentId,
    name: 'Nora Benali',
    email: `${referentId}@exemple.test`,
    role: 'referent',
    organisationId,
  })
  const partnerId = `partner-${randomUUID()}`
  await db.insert(s.users).values({
    id: partnerId,
    name: 'Paul Garage',
    email: `paul.${tag}@garage.test`,
    role: 'fullPartner',
    structureId: structure!.id,
    prescriptionMails: 'perPrescription',
  })
  return { organisationId, structureId: structure!.id, offerId: offer!.id, referentId, partnerId, tag }
}
type Place = Awaited<ReturnType<typeof newOffer>>

async function newCandidate(place: Place, lastName: string) {
  const [candidate] = await db
    .insert(s.candidates)
    .values({ organisationId: place.organisationId, firstName: 'Inès', lastName })
    .returning()
  return candidate!.id
}

/** A prescription with its sheet, as the referent sends it. */
async function prescribeTo(place: Place, candidateId: string, now = NOW) {
  const result = await prescribe(db, {
    organisationId: place.organisationId,
    authorId: place.referentId,
    now,
    input: {
      candidateId,
      offerId: place.offerId,
      prescription: {
        rsaReferentName: 'Nora Benali',
        email: 'referent@passerelle.test',
        phone: '06 01 02 03 04',
        structure: 'Département',
        address: 'Quai Jean Moulin, 76100 Rouen',
        goal: 'Se rendre au travail.',
        validatePrescription: true,
        approveDemand: true,
        prescriptionDate: '2026-11-23',
      },
    },
  })
  if (!result.ok) throw new Error(JSON.stringify(result))
  return result
}

const applyOf = async (id: string) => (await db.select().from(s.socialApplies).where(eq(s.socialApplies.id, id)))[0]!
const freePlacesOf = async (place: Place) =>
  (await db.select().from(s.socialOffers).where(eq(s.socialOffers.id, place.offerId)))[0]!.freePlaces
const mailsOf = (place: Place, kind: string) =>
  db
    .select()
    .from(s.outboundMails)
    .where(and(eq(s.outboundMails.organisationId, place.organisationId), eq(s.outboundMails.kind, kind)))
const REFUSED = fupAnswerSchema.parse({
  partnerFeedback: {
    name: 'Garage solidaire',
    email: 'contact@garage.test',
    phone: '02 35 00 00 00',
    address: '1 rue du Garage, 76000 Rouen',
    accompanierName: 'Paul Garage',
    decision: { partnerDecision: 'notIntegrated', cause: 'hasJob' },
  },
  sponsorsLogo: [],
})

describe('a full offer is a waitlist', () => {
  it('takes the free places, then lines up with ranks shown to both sides; a refusal gives the place to the first in line', async () => {
    const place = await newOffer(1)
    const [a, b, c] = [
      await newCandidate(place, 'Aubert'),
      await newCandidate(place, 'Bernard'),
      await newCandidate(place, 'Colin'),
    ]
    const first = await prescribeTo(place, a!)
    expect(first).toMatchObject({ waitlistRank: null, mailed: 1 })
    expect(await freePlacesOf(place)).toBe(0)
    const second = await prescribeTo(place, b!, at(1))
    const third = await prescribeTo(place, c!, at(2))
    expect([second.waitlistRank, third.waitlistRank]).toEqual([1, 2])
    // In line, the partner is not mailed yet: only the first prescription's mail.
    expect(second.mailed + third.mailed).toBe(0)
    expect(await mailsOf(place, 'prescription-created')).toHaveLength(1)
    expect((await applyOf(second.applyId)).state).toBe('WAITLISTED')
    // The referent's lists carry the rank; the partner's line has the people in order.
    const [row] = await candidatePrescriptions(db, place.organisationId, c!)
    expect(row).toMatchObject({ state: 'WAITLISTED', waitlistRank: 2 })
    expect((await offerWaitlist(db, place.structureId, place.offerId)).map((w) => [w.rank, w.lastName])).toEqual([
      [1, 'Bernard'],
      [2, 'Colin'],
    ])
    // Another structure reads no line of this offer.
    expect(await offerWaitlist(db, randomUUID(), place.offerId)).toEqual([])
    // A second prescription of someone in line is refused like a pending one.
    const again = await prescribe(db, {
      organisationId: place.organisationId,
      authorId: place.referentId,
      input: { candidateId: b, offerId: place.offerId, manual: true, prescription: { prescriptionDate: '2026-11-23' } },
      now: at(3),
    })
    expect(again).toMatchObject({ ok: false, error: 'Ce candidat a déjà une prescription en cours pour cette offre.' })
    // A waitlisted prescription is not archived (it waits for an answer).
    expect(
      await archiveApplies(db, { structureId: place.structureId, actorId: place.partnerId, ids: [second.applyId] }),
    ).toMatchObject({ ok: false, error: 'notAnswered' })

    // Nor answered before it has a place.
    expect(
      await sendFup(db, {
        structureId: place.structureId,
        applyId: third.applyId,
        answer: REFUSED,
        actorId: place.partnerId,
        now: at(4),
      }),
    ).toEqual({ ok: false, error: 'waitlisted' })

    // The partner refuses the pending one: its place goes to Bernard, dated from that instant, and both sides hear.
    const refusedAt = at(60)
    const refused = await sendFup(db, {
      structureId: place.structureId,
      applyId: first.applyId,
      answer: REFUSED,
      actorId: place.partnerId,
      now: refusedAt,
    })
    expect(refused).toMatchObject({ ok: true, state: 'REFUSED_STRUCTURE' })
    const promoted = await applyOf(second.applyId)
    expect(promoted).toMatchObject({ state: 'PRESCRIPTION_FILLED', prescriptionDate: refusedAt })
    expect(promoted.waitlistedAt).toEqual(at(1))
    expect(await freePlacesOf(place)).toBe(0)
    expect(await mailsOf(place, 'prescription-created')).toHaveLength(2)
    const told = await mailsOf(place, 'prescription-waitlist-left')
    expect(told.map((m) => m.toAddress)).toEqual([`${place.referentId}@exemple.test`])
    expect(told[0]!.subject).toBe('Une place s’est libérée')
    expect((await candidatePrescriptions(db, place.organisationId, c!))[0]).toMatchObject({ waitlistRank: 1 })
    const audit = await db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, second.applyId), eq(s.auditLog.action, 'prescription.waitlistLeft')))
    expect(audit).toHaveLength(1)
  })

  it('a place freed, places published and no places at all move the line in order; wrong numbers change nothing', async () => {
    const place = await newOffer(0)
    const ids: string[] = []
    for (const [k, name] of ['Aubert', 'Bernard', 'Colin', 'Durand', 'Étienne'].entries())
      ids.push((await prescribeTo(place, await newCandidate(place, name), at(k))).applyId)
    expect(await waitlistLength(db, place.offerId)).toBe(5)
    const setPlaces = (places: unknown, structureId = place.structureId) =>
      setFreePlaces(db, { structureId, offerId: place.offerId, places, actorId: place.partnerId, now: at(30) })

    for (const wrong of ['-3', '2.5', 'trois', '1000', 7.5, {}])
      expect(await setPlaces(wrong)).toEqual({
        ok: false,
        error: WAITLIST_MESSAGES.placesFormat,
        fieldErrors: { places: WAITLIST_MESSAGES.placesFormat },
      })
    expect(await setPlaces('1', randomUUID())).toEqual({ ok: false, error: WAITLIST_MESSAGES.offerNotFound })
    expect(await waitlistLength(db, place.offerId)).toBe(5)
    expect(await freePlacesOf(place)).toBe(0)

    expect(await setPlaces('one-more')).toEqual({ ok: true, freePlaces: 0, promoted: 1 })
    expect((await applyOf(ids[0]!)).state).toBe('PRESCRIPTION_FILLED')
    // Three places for four in line: three leave it, none is left free.
    expect(await setPlaces(' 3 ')).toEqual({ ok: true, freePlaces: 0, promoted: 3 })
    // No places published: no line either, the last one goes to the partner.
    expect(await setPlaces('')).toEqual({ ok: true, freePlaces: null, promoted: 1 })
    const states = await db
      .select({ id: s.socialApplies.id, state: s.socialApplies.state })
      .from(s.socialApplies)
      .where(inArray(s.socialApplies.id, ids))
    expect(states.every((r) => r.state === 'PRESCRIPTION_FILLED')).toBe(true)
    const changes = await db
      .select({ details: s.auditLog.details })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, place.offerId), eq(s.auditLog.action, 'offer.places')))
      .orderBy(s.auditLog.at)
    expect(changes.map((c) => c.details)).toEqual([
      { from: 0, to: 1, promoted: 1 },
      { from: 0, to: 3, promoted: 3 },
      { from: 0, to: null, promoted: 1 },
    ])
    // Without published places, a prescription goes to the partner at once.
    const after = await prescribeTo(place, await newCandidate(place, 'Fabre'), at(40))
    expect(after.waitlistRank).toBeNull()
  })

  it('an expired prescription gives its place back to the first in line', async () => {
    const place = await newOffer(1)
    const held = await prescribeTo(place, await newCandidate(place, 'Aubert'))
    const waiting = await prescribeTo(place, await newCandidate(place, 'Bernard'), at(1))
    expect(waiting.waitlistRank).toBe(1)
    const later = new Date(NOW.getTime() + 61 * DAY_MS)
    expect(await expirePendingPrescriptions(db, later, place.organisationId)).toBe(1)
    expect((await applyOf(held.applyId)).state).toBe('EXPIRED')
    expect(await applyOf(waiting.applyId)).toMatchObject({ state: 'PRESCRIPTION_FILLED', prescriptionDate: later })
    // Dated from its place, it does not expire with the run that promoted it, nor at the next one.
    expect(await expirePendingPrescriptions(db, new Date(later.getTime() + DAY_MS), place.organisationId)).toBe(0)
  })

  it('places freed at once promote different people, in order, each once; prescriptions racing for the last places take them once', async () => {
    const place = await newOffer(0)
    const ids: string[] = []
    for (const [k, name] of ['Aubert', 'Bernard', 'Colin', 'Durand', 'Étienne', 'Fabre'].entries())
      ids.push((await prescribeTo(place, await newCandidate(place, name), at(k))).applyId)
    // Four places freed by four requests at the same time.
    const freed = await Promise.all(
      [0, 1, 2, 3].map(() =>
        setFreePlaces(db, {
          structureId: place.structureId,
          offerId: place.offerId,
          places: 'one-more',
          actorId: place.partnerId,
          now: at(30),
        }),
      ),
    )
    expect(freed.map((r) => r.ok && r.promoted)).toEqual([1, 1, 1, 1])
    const rows = await db
      .select({ id: s.socialApplies.id, state: s.socialApplies.state })
      .from(s.socialApplies)
      .where(inArray(s.socialApplies.id, ids))
    const stateOf = new Map(rows.map((r) => [r.id, r.state]))
    expect(ids.map((id) => stateOf.get(id))).toEqual([
      'PRESCRIPTION_FILLED',
      'PRESCRIPTION_FILLED',
      'PRESCRIPTION_FILLED',
      'PRESCRIPTION_FILLED',
      'WAITLISTED',
      'WAITLISTED',
    ])
    expect(await freePlacesOf(place)).toBe(0)
    const { rows: left } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_log where action = 'prescription.waitlistLeft' and entity_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
    expect(left[0]!.n).toBe(4)
    expect(await mailsOf(place, 'prescription-waitlist-left')).toHaveLength(4)

    // Four places published: the two in line take two. Five prescriptions sent at once: two take the others, and the
    // three others line up in the order they were placed, whatever their clocks.
    await setFreePlaces(db, {
      structureId: place.structureId,
      offerId: place.offerId,
      places: '4',
      actorId: place.partnerId,
      now: at(40),
    })
    expect(await freePlacesOf(place)).toBe(2)
    const candidates = await Promise.all(
      ['Garnier', 'Hubert', 'Imbert', 'Joly', 'Klein'].map((n) => newCandidate(place, n)),
    )
    const racing = await Promise.all(candidates.map((id) => prescribeTo(place, id, at(50))))
    expect(racing.filter((r) => r.waitlistRank === null)).toHaveLength(2)
    expect(
      racing
        .map((r) => r.waitlistRank)
        .filter((r) => r !== null)
        .sort(),
    ).toEqual([1, 2, 3])
    expect(await freePlacesOf(place)).toBe(0)
    expect((await offerWaitlist(db, place.structureId, place.offerId)).map((w) => w.rank)).toEqual([1, 2, 3])
  })
})
