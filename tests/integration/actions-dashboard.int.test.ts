import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { addElapsedDays } from '@/lib/dates'
import * as s from '@/lib/db/schema'
import { actionsDashboard, type ActionsDashboardViewer } from '@/lib/prescriptions/referent-dashboard'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// /v2/actions/dashboard's read model: every part is the viewer's organisation's, whatever another
// organisation holds (even rows that name the viewer). Two fresh organisations in a rolled-back transaction, so the
// expected values are the rows written here.
const db = useTestDb()
const NOW = new Date('2026-11-24T10:00:00Z')
const TODAY = '2026-11-24'

/** An organisation with a referent, a partner structure with one offer, a referral link and a late course step. */
async function organisation(tx: Tx, name: string) {
  const [org] = await tx.insert(s.organisations).values({ name, answerReminderDays: 10 }).returning()
  const referentId = `actions-${randomUUID()}`
  await tx.insert(s.users).values({
    id: referentId,
    name,
    email: `${referentId}@passerelle.test`,
    role: 'referent',
    organisationId: org!.id,
  })
  const [structure] = await tx
    .insert(s.partnerStructures)
    .values({
      organisationId: org!.id,
      name: `Structure ${name}`,
    })
    .returning()
  const [offer] = await tx
    .insert(s.socialOffers)
    .values({
      structureId: structure!.id,
      offerId: randomUUID(),
      name: `Offre ${name}`,
      source: 'test',
      providerName: name,
    })
    .returning()
  const [link] = await tx
    .insert(s.referralLinks)
    .values({
      organisationId: org!.id,
      tokenHash: randomUUID(),
      tokenHint: 'lien',
      label: `Lien ${name}`,
      notifyEmail: 'orientations@passerelle.test',
    })
    .returning()
  const [course] = await tx
    .insert(s.supportCourses)
    .values({
      organisationId: org!.id,
      name: `Parcours ${name}`,
      ownerId: referentId,
    })
    .returning()
  const [step] = await tx
    .insert(s.supportCourseSteps)
    .values({
      organisationId: org!.id,
      courseId: course!.id,
      position: 1,
      title: `Entretien ${name}`,
      kind: 'interview',
      delayDays: 7,
    })
    .returning()
  const candidate = async (lastName: string) => {
    const [c] = await tx
      .insert(s.candidates)
      .values({
        organisationId: org!.id,
        firstName: 'Test',
        lastName,
        referentId,
      })
      .returning()
    return c!.id
  }
  type State = 'PRESCRIPTION_FILLED' | 'INTEGRATED_CANDIDATE'
  const apply = async (candidateId: string, state: State, daysAgo: number, authorId = referentId) => {
    const [a] = await tx
      .insert(s.socialApplies)
      .values({
        organisationId: org!.id,
        structureId: structure!.id,
        socialOfferId: offer!.id,
        candidateId,
        authorId,
        state,
        prescriptionDate: addElapsedDays(NOW, -daysAgo),
      })
      .returning()
    return a!.id
  }
  return { id: org!.id, referentId, linkId: link!.id, courseId: course!.id, stepId: step!.id, candidate, apply }
}

const viewerOf = (o: { id: string; referentId: string }): ActionsDashboardViewer => ({
  userId: o.referentId,
  organisationId: o.id,
  // The organisation's delay (organisation() above), as the session brings it.
  answerReminderDays: 10,
  wholeOrganisation: false,
  workshops: true,
  courses: true,
  orientations: true,
})

describe('the actions dashboard', () => {
  it('lists the organisation’s answers, late prescriptions, workshops, steps, orientations and replies', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const a = await organisation(tx, 'Organisation A')
      const b = await organisation(tx, 'Organisation B')
      // Per organisation: a late prescription (20 days), a recent one (2 days), an answered one with its notification.
      const written = { late: {} as Record<string, string>, answered: {} as Record<string, string> }
      for (const o of [a, b]) {
        written.late[o.id] = await o.apply(await o.candidate('Enretard'), 'PRESCRIPTION_FILLED', 20)
        await o.apply(await o.candidate('Recente'), 'PRESCRIPTION_FILLED', 2)
        written.answered[o.id] = await o.apply(await o.candidate('Integree'), 'INTEGRATED_CANDIDATE', 5)
      }
      // A's referent is notified of A's answer, and (a row that should not exist) of B's.
      for (const applyId of [written.answered[a.id]!, written.answered[b.id]!]) {
        await tx.insert(s.notifications).values({
          userId: a.referentId,
          kind: 'fupAnswered',
          payload: { applyId },
          createdAt: NOW,
        })
      }
      // SMS replies to A's referent: one from A's candidate, one from B's.
      const replies: Record<string, string> = {}
      for (const o of [a, b]) {
        const candidateId = await o.candidate('Repond')
        const [sms] = await tx
          .insert(s.smsMessages)
          .values({
            organisationId: o.id,
            candidateId,
            direction: 'inbound',
            body: `Réponse ${o.id}`,
            toNumber: '+33600000000',
            status: 'received',
          })
          .returning()
        replies[o.id] = candidateId
        await tx.insert(s.notifications).values({
          userId: a.referentId,
          kind: 'smsReply',
          payload: { messageId: sms!.id },
        })
      }
      // Today's workshops facilitated by A's referent, in A and in B.
      const workshopIds: Record<string, string> = {}
      for (const o of [a, b]) {
        const [w] = await tx
          .insert(s.workshops)
          .values({
            organisationId: o.id,
            name: `Atelier ${o.id}`,
            startsAt: new Date('2026-11-24T13:00:00Z'),
            capacity: 8,
          })
          .returning()
        workshopIds[o.id] = w!.id
        await tx.insert(s.workshopFacilitators).values({ workshopId: w!.id, userId: a.referentId })
      }
      // A pending orientation and a late course step in each organisation.
      const late: Record<string, string> = {}
      for (const o of [a, b]) {
        await tx.insert(s.orientations).values({
          organisationId: o.id,
          linkId: o.linkId,
          prescriberName: 'Prescripteur',
          prescriberStructure: `CCAS ${o.id}`,
          prescriberEmail: 'prescripteur@passerelle.test',
          firstName: 'Oriente',
          lastName: `Orientation ${o.id}`,
          consentAt: NOW,
          createdAt: addElapsedDays(NOW, -15),
        })
        const [enrolment] = await tx
          .insert(s.supportCourseEnrolments)
          .values({
            organisationId: o.id,
            courseId: o.courseId,
            candidateId: await o.candidate('Parcours'),
            enrolledOn: '2026-11-01',
            nextStepId: o.stepId,
            nextDueOn: '2026-11-08',
          })
          .returning()
        late[o.id] = enrolment!.id
      }

      const view = await actionsDashboard(tx, viewerOf(a), NOW, TODAY)
      expect(view.days).toBe(10)
      expect(view.answers.map((r) => r.id)).toEqual([written.answered[a.id]])
      expect(view.unanswered).toEqual({ total: 1, rows: [expect.objectContaining({ id: written.late[a.id] })] })
      expect(view.workshopsToday.map((w) => w.id)).toEqual([workshopIds[a.id]])
      expect(view.lateSteps.map((l) => l.enrolmentId)).toEqual([late[a.id]])
      expect(view.orientations).toMatchObject({
        total: 1,
        late: 1,
        rows: [{ prescriberStructure: `CCAS ${a.id}`, late: true }],
      })
      expect(view.replies.map((r) => r.candidateId)).toEqual([replies[a.id]])

      // B's referent sees B's rows only, and none of the notifications addressed to A's referent.
      const other = await actionsDashboard(tx, viewerOf(b), NOW, TODAY)
      expect(other.answers).toEqual([])
      expect(other.replies).toEqual([])
      expect(other.workshopsToday).toEqual([])
      expect(other.unanswered.rows.map((r) => r.id)).toEqual([written.late[b.id]])
      expect(other.lateSteps.map((l) => l.enrolmentId)).toEqual([late[b.id]])
      expect(other.orientations?.rows.map((r) => r.prescriberStructure)).toEqual([`CCAS ${b.id}`])

      // What the viewer may not see is not read.
      const limited = await actionsDashboard(
        tx,
        {
          ...viewerOf(a),
          workshops: false,
          courses: false,
          orientations: false,
        },
        NOW,
        TODAY,
      )
      expect(limited).toMatchObject({ workshopsToday: [], lateSteps: [], orientations: null })
    })
  })

  it('gives an administrator the whole organisation’s late prescriptions', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const a = await organisation(tx, 'Organisation A')
      const colleague = await organisation(tx, 'Organisation C')
      const mine = await a.apply(await a.candidate('Mien'), 'PRESCRIPTION_FILLED', 30)
      // A colleague of A (another referent of A) with a late prescription of A's; and C's late one.
      const colleagueId = `actions-${randomUUID()}`
      await tx.insert(s.users).values({
        id: colleagueId,
        name: 'Collègue',
        email: `${colleagueId}@passerelle.test`,
        organisationId: a.id,
      })
      const theirs = await a.apply(await a.candidate('Sien'), 'PRESCRIPTION_FILLED', 25, colleagueId)
      await colleague.apply(await colleague.candidate('Autre'), 'PRESCRIPTION_FILLED', 30)

      const own = await actionsDashboard(tx, viewerOf(a), NOW, TODAY)
      expect(own.unanswered.rows.map((r) => r.id)).toEqual([mine])
      const whole = await actionsDashboard(tx, { ...viewerOf(a), wholeOrganisation: true }, NOW, TODAY)
      expect(whole.unanswered.total).toBe(2)
      expect(whole.unanswered.rows.map((r) => r.id).sort()).toEqual([mine, theirs].sort())
    })
  })
})
