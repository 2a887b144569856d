import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { candidateOverview } from '@/lib/candidates/overview'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// The candidate sheet's overview read model. Every row is written by the test, in a rolled-back transaction.
const db = useTestDb()
const SM = demoIds.orgSeineMaritime
const LYON = demoIds.orgLyon
const AT = new Date('2026-12-01T10:00:00Z')
const day = (d: number, hourUtc = 9) => new Date(Date.UTC(2026, 11, d, hourUtc))

async function placeAndStatus(tx: Tx, organisationId: string, place: string, status: string) {
  const [p] = await tx
    .select({ id: s.places.id })
    .from(s.places)
    .where(and(eq(s.places.organisationId, organisationId), eq(s.places.label, place)))
  const [st] = await tx
    .select({ id: s.candidateStatuses.id })
    .from(s.candidateStatuses)
    .where(and(eq(s.candidateStatuses.organisationId, organisationId), eq(s.candidateStatuses.value, status)))
  return { placeId: p!.id, statusId: st!.id }
}

/** A candidate of each organisation; Lyon's rows below all name the Seine-Maritime candidate, and must never show. */
async function world(tx: Tx) {
  const [zoe] = await tx
    .insert(s.candidates)
    .values({
      organisationId: SM,
      firstName: 'Zoé',
      lastName: 'Apercu',
      phone: '0611223344',
      referentId: 'demo-referent',
      ...(await placeAndStatus(tx, SM, 'Dieppe', 'waiting')),
    })
    .returning({ id: s.candidates.id })
  const [lea] = await tx
    .insert(s.candidates)
    .values({ organisationId: LYON, firstName: 'Léa', lastName: 'Lyonnaise', referentId: 'demo-referent-lyon' })
    .returning({ id: s.candidates.id })
  const zoeId = zoe!.id
  type Apply = Partial<typeof s.socialApplies.$inferInsert>
  const apply = (organisationId: string, offer: string, structureId: string, at: Date, extra: Apply = {}) => ({
    organisationId,
    structureId,
    socialOfferId: offer,
    candidateId: zoeId,
    prescriptionDate: at,
    authorId: organisationId === SM ? 'demo-referent' : 'demo-referent-lyon',
    ...extra,
  })
  await tx.insert(s.socialApplies).values([
    apply(SM, demoIds.offerPermis, demoIds.structureMobilite, new Date('2026-11-21T15:00:00Z')),
    apply(SM, demoIds.offerHabitat, demoIds.structureHabitat, new Date('2026-11-28T08:00:00Z')),
    apply(SM, demoIds.offerScooter, demoIds.structureMobilite, new Date('2026-11-01T08:00:00Z'), {
      state: 'INTEGRATED_CANDIDATE',
      responseDate: new Date('2026-11-05T08:00:00Z'),
    }),
    apply(SM, demoIds.offerPermanent, demoIds.structureMobilite, new Date('2026-11-02T08:00:00Z'), {
      archived: true,
      archivedAt: new Date('2026-11-03T08:00:00Z'),
    }),
    apply(LYON, demoIds.offerPermanent, demoIds.structureMobilite, new Date('2026-10-01T08:00:00Z')),
  ])

  type Workshop = Partial<typeof s.workshops.$inferInsert>
  const workshop = (organisationId: string, name: string, startsAt: Date, extra: Workshop = {}) => ({
    organisationId,
    name,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
    capacity: 10,
    ...extra,
  })
  const [past, cancelledSeat, next, later, cancelledWorkshop, lyonWorkshop] = await tx
    .insert(s.workshops)
    .values([
      workshop(SM, 'Atelier passé', new Date('2026-11-20T09:00:00Z')),
      workshop(SM, 'Atelier quitté', day(2)),
      workshop(SM, 'Atelier CV', day(8, 13), { addressFormatted: 'Maison de l’emploi, 76200 Dieppe' }),
      workshop(SM, 'Atelier numérique', day(15), { videoUrl: 'https://visio.exemple.test/a' }),
      workshop(SM, 'Atelier annulé', day(3), { status: 'cancelled' }),
      workshop(LYON, 'Atelier lyonnais', day(1, 12)),
    ])
    .returning({ id: s.workshops.id })
  type SeatStatus = 'registered' | 'waitlisted' | 'cancelled'
  const seat = (organisationId: string, workshopId: string, status: SeatStatus) => ({
    organisationId,
    workshopId,
    candidateId: zoeId,
    status,
  })
  await tx
    .insert(s.workshopRegistrations)
    .values([
      seat(SM, past!.id, 'registered'),
      seat(SM, cancelledSeat!.id, 'cancelled'),
      seat(SM, next!.id, 'waitlisted'),
      seat(SM, later!.id, 'registered'),
      seat(SM, cancelledWorkshop!.id, 'registered'),
      seat(LYON, lyonWorkshop!.id, 'registered'),
    ])

  const course = async (organisationId: string, name: string, steps: string[]) => {
    const [c] = await tx
      .insert(s.supportCourses)
      .values({ organisationId, name })
      .returning({ id: s.supportCourses.id })
    const step = (title: string, position: number) => ({
      organisationId,
      courseId: c!.id,
      position,
      title,
      kind: 'interview' as const,
      delayDays: 7,
    })
    const rows = await tx
      .insert(s.supportCourseSteps)
      .values(steps.map(step))
      .returning({ id: s.supportCourseSteps.id })
    return { id: c!.id, steps: rows.map((r) => r.id) }
  }
  const emploi = await course(SM, 'Parcours emploi', ['Diagnostic', 'Atelier CV'])
  const logement = await course(SM, 'Parcours logement', ['Visite'])
  const fini = await course(SM, 'Parcours fini', ['Bilan'])
  const lyonCourse = await course(LYON, 'Parcours lyonnais', ['Accueil'])
  type Enrolment = Partial<typeof s.supportCourseEnrolments.$inferInsert>
  type Course = { id: string; steps: string[] }
  const enrol = (organisationId: string, c: Course, nextDueOn: string | null, extra: Enrolment = {}) => ({
    organisationId,
    courseId: c.id,
    candidateId: zoeId,
    enrolledOn: '2026-11-01',
    nextStepId: nextDueOn ? c.steps[c.steps.length - 1]! : null,
    nextDueOn,
    ...extra,
  })
  await tx
    .insert(s.supportCourseEnrolments)
    .values([
      enrol(SM, emploi, '2026-11-29'),
      enrol(SM, logement, '2026-12-04'),
      enrol(SM, fini, null, { status: 'finished', endedOn: '2026-11-20', endReason: 'Emploi trouvé' }),
      enrol(LYON, lyonCourse, '2026-11-02'),
    ])

  type Sms = Partial<typeof s.smsMessages.$inferInsert>
  const sms = (organisationId: string, body: string, createdAt: Date, extra: Sms = {}) => ({
    organisationId,
    candidateId: zoeId,
    body,
    toNumber: '+33611223344',
    status: 'delivered' as const,
    createdAt,
    scheduledFor: createdAt,
    ...extra,
  })
  await tx.insert(s.smsMessages).values([
    sms(SM, 'Bonjour Zoé, rendez-vous demain.', new Date('2026-11-29T10:00:00Z')),
    sms(SM, 'Merci, je viendrai.', new Date('2026-11-29T10:20:00Z'), {
      direction: 'inbound',
      status: 'received',
      toNumber: 'PASSERELLE',
    }),
    sms(LYON, 'Message lyonnais', new Date('2026-11-30T10:00:00Z')),
  ])

  const [enterprise] = await tx
    .insert(s.enterprises)
    .values({ organisationId: SM, name: 'Boulangerie Apercu', siret: '99999999900011' })
    .returning({ id: s.enterprises.id })
  const [vendeur, livreur, agent, lyonOffer] = await tx
    .insert(s.jobOffers)
    .values([
      { organisationId: SM, enterpriseId: enterprise!.id, title: 'Vendeur' },
      { organisationId: SM, title: 'Livreur' },
      { organisationId: SM, title: 'Agent' },
      { organisationId: LYON, title: 'Offre lyonnaise' },
    ])
    .returning({ id: s.jobOffers.id })
  type PlacementStatus = 'proposed' | 'interview' | 'hired'
  const placement = (organisationId: string, offerId: string, status: PlacementStatus, interviewAt?: Date) => ({
    organisationId,
    jobOfferId: offerId,
    candidateId: zoeId,
    status,
    interviewAt: interviewAt ?? null,
  })
  await tx
    .insert(s.jobPlacements)
    .values([
      placement(SM, vendeur!.id, 'proposed'),
      placement(SM, livreur!.id, 'interview', day(4, 8)),
      placement(SM, agent!.id, 'hired'),
      placement(LYON, lyonOffer!.id, 'proposed'),
    ])
  return {
    zoeId,
    leaId: lea!.id,
    workshops: { next: next!.id },
    courses: { emploi: emploi.id, logement: logement.id },
    offers: { vendeur: vendeur!.id, livreur: livreur!.id },
  }
}

describe('candidateOverview', () => {
  it('reads what is in motion for the candidate from the organisation’s rows only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const w = await world(tx)
      const overview = await candidateOverview(tx, SM, w.zoeId, AT)
      expect(overview).toMatchObject({
        name: 'Zoé Apercu',
        status: 'En attente',
        place: 'Dieppe',
        referent: 'Romain Leroy',
        anonymisedAt: null,
      })
      expect(overview!.sms).toEqual({ mobile: true, optedOutAt: null })
      expect(overview!.diagnosis).toEqual({ underWay: null, lastCompletedOn: null })

      // Pending: the two waiting, oldest first, with their age in Paris days; not the answered, archived or Lyon's.
      expect(overview!.pending.total).toBe(2)
      expect(overview!.pending.rows.map((a) => [a.offerName, a.providerName, a.ageDays])).toEqual([
        ['Permis de conduire solidaire', 'Mobilité Solidaire', 10],
        ['Logement temporaire jeunes actifs', 'Habitat Relais', 3],
      ])
      expect(overview!.pending.rows[0]!.prescriptionDate).toEqual(new Date('2026-11-21T15:00:00Z'))

      // Next workshop: not the past one, the seat given up, the cancelled workshop or Lyon's (the earliest of all).
      expect(overview!.nextWorkshop).toEqual({
        workshopId: w.workshops.next,
        name: 'Atelier CV',
        startsAt: day(8, 13),
        place: 'Maison de l’emploi, 76200 Dieppe',
        waitlisted: true,
      })

      // Courses under way, the late one first; neither the finished course nor Lyon's.
      expect(overview!.courses).toEqual([
        {
          courseId: w.courses.emploi,
          name: 'Parcours emploi',
          nextStep: 'Atelier CV',
          nextDueOn: '2026-11-29',
          late: true,
        },
        {
          courseId: w.courses.logement,
          name: 'Parcours logement',
          nextStep: 'Visite',
          nextDueOn: '2026-12-04',
          late: false,
        },
      ])

      // The last SMS of the organisation's conversation: the reply, not Lyon's later message.
      expect(overview!.lastSms).toMatchObject({
        direction: 'inbound',
        status: 'received',
        body: 'Merci, je viendrai.',
        at: new Date('2026-11-29T10:20:00Z'),
      })

      // Open placements: proposed and interview, the interview first; not the hire, nor Lyon's.
      expect(overview!.placements.total).toBe(2)
      expect(overview!.placements.rows).toEqual([
        {
          jobOfferId: w.offers.livreur,
          title: 'Livreur',
          enterpriseName: null,
          status: 'interview',
          interviewAt: day(4, 8),
        },
        {
          jobOfferId: w.offers.vendeur,
          title: 'Vendeur',
          enterpriseName: 'Boulangerie Apercu',
          status: 'proposed',
          interviewAt: null,
        },
      ])
    })
  })

  it('is null for another organisation’s candidate, both ways', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const w = await world(tx)
      expect(await candidateOverview(tx, LYON, w.zoeId, AT)).toBeNull()
      expect(await candidateOverview(tx, SM, w.leaId, AT)).toBeNull()
      const lea = await candidateOverview(tx, LYON, w.leaId, AT)
      // Lyon's own candidate: nothing of the rows written for Seine-Maritime's candidate.
      expect(lea).toMatchObject({
        name: 'Léa Lyonnaise',
        referent: 'Laura Bernard',
        pending: { total: 0, rows: [] },
        nextWorkshop: null,
        courses: [],
        lastSms: null,
        placements: { total: 0, rows: [] },
      })
    })
  })

  it('follows the clock, the opt-out and the diagnosis under way', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const w = await world(tx)
      await tx
        .update(s.candidates)
        .set({ smsOptedOutAt: new Date('2026-11-30T08:00:00Z'), phone: '02 35 00 00 00' })
        .where(eq(s.candidates.id, w.zoeId))
      await tx.insert(s.diagnoses).values({ organisationId: SM, candidateId: w.zoeId, status: 'draft' })
      // On 10 December the CV workshop has passed; the next is the online one, with no address.
      const later = await candidateOverview(tx, SM, w.zoeId, new Date('2026-12-10T10:00:00Z'))
      expect(later!.nextWorkshop).toMatchObject({
        name: 'Atelier numérique',
        place: 'En visioconférence',
        waitlisted: false,
      })
      expect(later!.courses.map((c) => c.late)).toEqual([true, true])
      expect(later!.pending.rows.map((a) => a.ageDays)).toEqual([19, 12])
      expect(later!.sms).toEqual({ mobile: false, optedOutAt: new Date('2026-11-30T08:00:00Z') })
      expect(later!.diagnosis).toEqual({ underWay: 'draft', lastCompletedOn: null })
    })
  })

  it('shows an anonymised candidate’s follow-up and nothing in motion', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const w = await world(tx)
      const anonymisedAt = new Date('2026-11-30T02:00:00Z')
      await tx
        .update(s.candidates)
        .set({ anonymisedAt, firstName: 'Anonyme', lastName: 'ABC123' })
        .where(eq(s.candidates.id, w.zoeId))
      expect(await candidateOverview(tx, SM, w.zoeId, AT)).toEqual({
        name: 'Anonyme ABC123',
        status: 'En attente',
        place: 'Dieppe',
        referent: 'Romain Leroy',
        anonymisedAt,
        sms: null,
        diagnosis: null,
        pending: { total: 0, rows: [] },
        nextWorkshop: null,
        courses: [],
        lastSms: null,
        placements: { total: 0, rows: [] },
      })
    })
  })
})
