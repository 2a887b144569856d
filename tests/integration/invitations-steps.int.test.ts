import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { demoIds } from '@/db/seed'
import { unseal } from '@/lib/crypto/sealed'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { bookFromInvitation, issueProof } from '@/lib/invitations/booking'
import { inviteCandidates } from '@/lib/invitations/invite'
import { createCourse, enrolCandidates, markStepDone, saveSteps } from '@/lib/support-courses/courses'
import { COURSE_MESSAGES } from '@/lib/support-courses/schemas'
import { markAllPresent, setAttendance } from '@/lib/workshops/registrations'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Inviting to a support-course step of kind "atelier": who may be invited, and the attendance that marks the step done.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-conseiller' }
const NOW = new Date('2026-11-25T09:00:00Z')
// The session starts three days after NOW at 14:00 Paris (13:00 UTC): the step is done on that day.
const STARTS = new Date('2026-11-28T13:00:00Z')

/** A course of the test's own: an interview, then a workshop step inviting to a theme with one session of 10 seats. */
async function courseWithStep(tx: Tx) {
  const theme = `Information collective ${randomUUID().slice(0, 8)}`
  const [w] = await tx
    .insert(s.workshops)
    .values({
      organisationId: SM.organisationId,
      name: `Réunion ${theme}`,
      theme,
      startsAt: STARTS,
      endsAt: new Date(STARTS.getTime() + 2 * 3_600_000),
      addressFormatted: 'Maison de l’emploi, 76000 Rouen',
      capacity: 10,
    })
    .returning({ id: s.workshops.id })
  const created = await createCourse(asDb(tx), SM, { name: `Parcours ${theme}`, description: '', ownerId: SM.actorId })
  if (!created.ok) throw new Error(created.error)
  const saved = await saveSteps(asDb(tx), SM, created.id, {
    steps: [
      { title: 'Entretien', kind: 'interview', delayDays: 7, delayFrom: 'enrolment' },
      { title: 'Information collective', kind: 'workshop', delayDays: 14, delayFrom: 'previous', workshopTheme: theme },
      // A theme on a step of another kind is not kept.
      { title: 'Bilan', kind: 'interview', delayDays: 60, delayFrom: 'enrolment', workshopTheme: theme },
    ],
  })
  expect(saved).toEqual({ ok: true })
  const steps = await tx
    .select({
      id: s.supportCourseSteps.id,
      title: s.supportCourseSteps.title,
      theme: s.supportCourseSteps.workshopTheme,
    })
    .from(s.supportCourseSteps)
    .where(eq(s.supportCourseSteps.courseId, created.id))
    .orderBy(s.supportCourseSteps.position)
  expect(steps.map((x) => x.theme)).toEqual([null, theme, null])
  return { theme, workshopId: w!.id, courseId: created.id, interviewId: steps[0]!.id, stepId: steps[1]!.id }
}

async function person(tx: Tx) {
  const [c] = await tx
    .insert(s.candidates)
    .values({
      organisationId: SM.organisationId,
      firstName: 'Inès',
      lastName: `Parcours-${randomUUID().slice(0, 6)}`,
      phone: '06 12 34 56 78',
    })
    .returning({ id: s.candidates.id })
  return c!.id
}

const enrolmentOf = async (tx: Tx, courseId: string, candidateId: string) => {
  const [e] = await tx
    .select()
    .from(s.supportCourseEnrolments)
    .where(
      and(eq(s.supportCourseEnrolments.courseId, courseId), eq(s.supportCourseEnrolments.candidateId, candidateId)),
    )
  return e!
}

describe('inviting to a support-course step', () => {
  it('refuses those not enrolled in the course and those who did the step, and a step that invites to no theme', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const c = await courseWithStep(tx)
      const [enrolled, done, outside] = [await person(tx), await person(tx), await person(tx)]
      expect(await enrolCandidates(asDb(tx), SM, c.courseId, { candidateIds: [enrolled, done] }, '2026-11-20')).toEqual(
        {
          ok: true,
          enrolled: 2,
        },
      )
      const e = await enrolmentOf(tx, c.courseId, done)
      expect(await markStepDone(asDb(tx), SM, e.id, c.stepId, { doneOn: '2026-11-22', comment: '' })).toEqual({
        ok: true,
      })

      const outcome = await inviteCandidates(
        asDb(tx),
        SM,
        { theme: c.theme, channels: ['sms'], candidateIds: [enrolled, done, outside], stepId: c.stepId },
        NOW,
      )
      expect(outcome.ok).toBe(true)
      if (!outcome.ok) return
      expect(outcome.invited.map((i) => i.candidateId)).toEqual([enrolled])
      expect(outcome.refused.map((r) => [r.candidateId, r.reason])).toEqual([
        [done, 'a déjà fait cette étape'],
        [outside, 'n’est pas inscrit à ce parcours'],
      ])
      const [row] = await tx
        .select({ stepId: s.invitations.stepId, theme: s.invitations.theme })
        .from(s.invitations)
        .where(eq(s.invitations.id, outcome.invited[0]!.invitationId))
      expect(row).toEqual({ stepId: c.stepId, theme: c.theme })

      // The interview step names no theme; a theme other than the step's is not taken either.
      for (const input of [
        { theme: c.theme, stepId: c.interviewId },
        { theme: 'Autre thème', stepId: c.stepId },
      ])
        expect(
          await inviteCandidates(asDb(tx), SM, { ...input, channels: ['sms'], candidateIds: [enrolled] }, NOW),
        ).toMatchObject({ ok: false, error: COURSE_MESSAGES.stepNotInvitable })
    })
  })

  it('marks the step done, on the session’s day and linked to it, once the person who booked is marked present', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const c = await courseWithStep(tx)
      const [one, two] = [await person(tx), await person(tx)]
      await enrolCandidates(asDb(tx), SM, c.courseId, { candidateIds: [one, two] }, '2026-11-20')
      for (const id of [one, two]) {
        const e = await enrolmentOf(tx, c.courseId, id)
        await markStepDone(asDb(tx), SM, e.id, c.interviewId, { doneOn: '2026-11-21', comment: '' })
        expect((await enrolmentOf(tx, c.courseId, id)).nextStepId).toBe(c.stepId)
      }
      const outcome = await inviteCandidates(
        asDb(tx),
        SM,
        { theme: c.theme, channels: ['sms'], candidateIds: [one, two], stepId: c.stepId },
        NOW,
      )
      if (!outcome.ok) throw new Error(outcome.error)
      const registrationOf: Record<string, string> = {}
      for (const { invitationId, candidateId } of outcome.invited) {
        const [inv] = await tx.select().from(s.invitations).where(eq(s.invitations.id, invitationId))
        const code = unseal(inv!.codeSealed)
        expect(
          await bookFromInvitation(asDb(tx), code, issueProof(invitationId, NOW).value, c.workshopId, NOW),
        ).toEqual({ ok: true, workshopId: c.workshopId })
        const [reg] = await tx
          .select({ id: s.workshopRegistrations.id })
          .from(s.workshopRegistrations)
          .where(
            and(
              eq(s.workshopRegistrations.workshopId, c.workshopId),
              eq(s.workshopRegistrations.candidateId, candidateId),
            ),
          )
        registrationOf[candidateId] = reg!.id
      }
      const after = new Date(STARTS.getTime() + 3_600_000)
      // Absent: nothing is done.
      await setAttendance(asDb(tx), SM, registrationOf[one]!, { attendance: 'unexcused' }, after)
      expect(
        await tx.select().from(s.supportCourseProgress).where(eq(s.supportCourseProgress.stepId, c.stepId)),
      ).toEqual([])
      // Present: the step is done on the session's Paris day, linked to the attendance, by who marked it.
      expect(await setAttendance(asDb(tx), SM, registrationOf[one]!, { attendance: 'present' }, after)).toEqual({
        ok: true,
        stepsDone: 1,
      })
      // "Tous présents" marks the other one's.
      expect(await markAllPresent(asDb(tx), SM, c.workshopId, after)).toEqual({ ok: true, marked: 1, stepsDone: 1 })
      const progress = await tx
        .select()
        .from(s.supportCourseProgress)
        .where(eq(s.supportCourseProgress.stepId, c.stepId))
      expect(progress).toHaveLength(2)
      for (const id of [one, two]) {
        const e = await enrolmentOf(tx, c.courseId, id)
        const p = progress.find((x) => x.enrolmentId === e.id)!
        expect(p).toMatchObject({
          doneOn: '2026-11-28',
          stepTitle: 'Information collective',
          workshopRegistrationId: registrationOf[id],
          linkLabel: `Atelier «\u00a0Réunion ${c.theme}\u00a0» du 28/11/2026`,
          actorId: SM.actorId,
        })
        // The next step is now the review, due 60 days after the enrolment.
        expect(e).toMatchObject({ nextStepId: expect.any(String), nextDueOn: '2027-01-19' })
        expect(e.nextStepId).not.toBe(c.stepId)
      }
      // Marked present again: the step is not written twice.
      expect(await setAttendance(asDb(tx), SM, registrationOf[one]!, { attendance: 'present' }, after)).toEqual({
        ok: true,
        stepsDone: 0,
      })
      // Corrected to "excused": the step linked to that attendance is undone, and comes back with "present".
      await setAttendance(asDb(tx), SM, registrationOf[one]!, { attendance: 'excused' }, after)
      const e1 = await enrolmentOf(tx, c.courseId, one)
      expect(e1.nextStepId).toBe(c.stepId)
      expect(
        await tx.select().from(s.supportCourseProgress).where(eq(s.supportCourseProgress.enrolmentId, e1.id)),
      ).toHaveLength(1)
      expect(await setAttendance(asDb(tx), SM, registrationOf[one]!, { attendance: 'present' }, after)).toEqual({
        ok: true,
        stepsDone: 1,
      })
      const audits = await tx
        .select({ details: s.auditLog.details })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, 'supportCourse.stepDone'), eq(s.auditLog.entityId, one)))
      expect(audits.map((a) => a.details)).toContainEqual({
        courseId: c.courseId,
        stepId: c.stepId,
        linked: 'workshop',
        by: 'invitation',
      })
      expect(
        await tx.select().from(s.supportCourseProgress).where(eq(s.supportCourseProgress.stepId, c.stepId)),
      ).toHaveLength(2)
    })
  })
})
