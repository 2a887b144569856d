import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '@/lib/db/client'
import * as s from '@/lib/db/schema'
import { demoIds } from '@/db/seed'
import { createCourse, enrolCandidates, leaveCourse, markStepDone, saveSteps } from '@/lib/support-courses/courses'
import { coursePage } from '@/lib/support-courses/course-page'
import { lateStepsOf, listCourses, stepLinkChoices } from '@/lib/support-courses/queries'
import { inRolledBackTransaction, useTestDb, type Tx } from './db'

// Support courses: steps, enrolments, progress and lateness, isolation, and past progress kept.
const db = useTestDb()
const asDb = (tx: Tx) => tx as unknown as Db
const SM = { organisationId: demoIds.orgSeineMaritime, actorId: 'demo-referent' }
const LYON = { organisationId: demoIds.orgLyon, actorId: 'demo-referent-lyon' }
const steps = [
  { title: 'Entretien de diagnostic', kind: 'interview', delayDays: 7, delayFrom: 'enrolment' },
  { title: 'Atelier CV', kind: 'workshop', delayDays: 14, delayFrom: 'previous' },
  { title: 'Bilan', kind: 'interview', delayDays: 60, delayFrom: 'enrolment' },
]

describe('support courses', () => {
  it('a referent builds a 3-step course, enrols candidates, marks a step done; late steps show; another organisation finds nothing', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      expect(
        await createCourse(asDb(tx), SM, { name: 'Parcours emploi', ownerId: 'demo-referent-lyon' }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { ownerId: 'Le responsable doit être un membre de votre organisation.' },
      })
      const course = await createCourse(asDb(tx), SM, {
        name: 'Parcours emploi',
        description: 'Trois étapes vers l’emploi.',
        ownerId: 'demo-referent',
      })
      if (!course.ok) throw new Error(course.error)
      expect(await saveSteps(asDb(tx), SM, course.id, { steps: [{ ...steps[0], delayDays: 400 }] })).toMatchObject({
        ok: false,
        fieldErrors: { 'steps.0.delayDays': 'Le délai est compris entre 0 et 365 jours.' },
      })
      expect(await saveSteps(asDb(tx), SM, course.id, { steps })).toEqual({ ok: true })
      const people = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(and(eq(s.candidates.organisationId, SM.organisationId), eq(s.candidates.referentId, 'demo-referent')))
        .orderBy(s.candidates.lastName)
        .limit(2)
      const ids = people.map((p) => p.id)
      expect(await enrolCandidates(asDb(tx), SM, course.id, { candidateIds: ids }, '2026-11-02')).toEqual({
        ok: true,
        enrolled: 2,
      })
      const again = await enrolCandidates(asDb(tx), SM, course.id, { candidateIds: [ids[0]] }, '2026-11-02')
      expect(again.ok ? '' : again.error).toMatch(/^Déjà inscrit à ce parcours/)
      expect(await enrolCandidates(asDb(tx), LYON, course.id, { candidateIds: ids }, '2026-11-02')).toMatchObject({
        ok: false,
        notFound: true,
      })

      const enrolments = (await coursePage(tx, SM.organisationId, course.id))!
      expect([enrolments.activeTotal, enrolments.leftTotal, enrolments.left]).toEqual([2, 0, []])
      const first = enrolments.active.find((e) => e.candidateId === ids[0])!
      expect(first.progress.map((p) => p.due)).toEqual(['2026-11-09', '2026-11-23', '2027-01-01'])
      const [step1] = await tx
        .select()
        .from(s.supportCourseSteps)
        .where(and(eq(s.supportCourseSteps.courseId, course.id), eq(s.supportCourseSteps.position, 0)))
      expect(
        await markStepDone(asDb(tx), SM, first.id, step1!.id, {
          doneOn: '2026-11-16',
          comment: 'Projet : aide-soignant.',
        }),
      ).toEqual({ ok: true })
      expect(await markStepDone(asDb(tx), LYON, first.id, step1!.id, { doneOn: '2026-11-16' })).toMatchObject({
        ok: false,
        notFound: true,
      })

      // On 1 December: the first candidate's "Atelier CV" (due 30 November) and the second's diagnosis (due 9 November) are late.
      const late = await lateStepsOf(tx, SM.organisationId, 'demo-referent', '2026-12-01')
      expect(late.filter((l) => l.courseId === course.id).map((l) => [l.candidateId, l.stepTitle, l.dueOn])).toEqual([
        [ids[1], 'Entretien de diagnostic', '2026-11-09'],
        [ids[0], 'Atelier CV', '2026-11-30'],
      ])
      expect(await lateStepsOf(tx, LYON.organisationId, 'demo-referent-lyon', '2026-12-01')).toEqual([])
      const list = await listCourses(tx, SM.organisationId, {}, '2026-12-01')
      expect(list.rows.find((r) => r.id === course.id)!.counts).toEqual({
        enrolled: 2,
        active: 2,
        late: 2,
        finished: 0,
      })

      // Steps edited: the done step renamed and removed; the candidate's past progress keeps its title and day.
      const current = await tx
        .select()
        .from(s.supportCourseSteps)
        .where(and(eq(s.supportCourseSteps.courseId, course.id), isNull(s.supportCourseSteps.archivedAt)))
        .orderBy(s.supportCourseSteps.position)
      expect(
        await saveSteps(asDb(tx), SM, course.id, {
          steps: current
            .slice(1)
            .map((c) => ({ id: c.id, title: c.title, kind: c.kind, delayDays: c.delayDays, delayFrom: c.delayFrom })),
        }),
      ).toEqual({ ok: true })
      const [kept] = await tx
        .select()
        .from(s.supportCourseProgress)
        .where(eq(s.supportCourseProgress.enrolmentId, first.id))
      expect(kept).toMatchObject({ stepTitle: 'Entretien de diagnostic', doneOn: '2026-11-16' })
      expect(
        (
          await tx
            .select()
            .from(s.supportCourseSteps)
            .where(and(eq(s.supportCourseSteps.courseId, course.id), isNotNull(s.supportCourseSteps.archivedAt)))
        ).map((r) => r.title),
      ).toEqual(['Entretien de diagnostic'])

      // Leaving: "terminé" or "abandonné", with a reason.
      expect(
        await leaveCourse(asDb(tx), SM, first.id, { outcome: 'finished', reason: '' }, '2026-12-01'),
      ).toMatchObject({ ok: false, fieldErrors: { reason: 'Le motif est obligatoire.' } })
      expect(
        await leaveCourse(asDb(tx), SM, first.id, { outcome: 'finished', reason: 'CDI signé' }, '2026-12-01'),
      ).toEqual({ ok: true })
      const after = (await coursePage(tx, SM.organisationId, course.id))!
      expect([after.activeTotal, after.leftTotal, after.active.map((e) => e.candidateId)]).toEqual([1, 1, [ids[1]]])
      expect(after.left.find((e) => e.id === first.id)).toMatchObject({
        status: 'finished',
        endReason: 'CDI signé',
        endedOn: '2026-12-01',
      })
      // A page past the last one lists nobody but keeps the totals.
      const past = await coursePage(tx, SM.organisationId, course.id, { page: 2 })
      expect(past).toMatchObject({ page: 2, active: [], activeTotal: 1, leftTotal: 1 })
      expect(
        (await listCourses(tx, SM.organisationId, {}, '2026-12-01')).rows.find((r) => r.id === course.id)!.counts,
      ).toEqual({ enrolled: 2, active: 1, late: 1, finished: 1 })
    })
  })

  it('a step of kind "atelier" is done by linking an attendance marked present, and one of kind "prescription" by a prescription: the candidate’s own only', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const course = await createCourse(asDb(tx), SM, { name: 'Parcours liens', ownerId: 'demo-referent' })
      if (!course.ok) throw new Error(course.error)
      await saveSteps(asDb(tx), SM, course.id, {
        steps: [
          ...steps,
          { title: 'Orientation logement', kind: 'prescription', delayDays: 30, delayFrom: 'previous' },
        ],
      })
      const [, atelier, , prescription] = await tx
        .select()
        .from(s.supportCourseSteps)
        .where(eq(s.supportCourseSteps.courseId, course.id))
        .orderBy(s.supportCourseSteps.position)
      // A candidate with a prescription (demo data), and another of the organisation.
      const [apply] = await tx
        .select({ id: s.socialApplies.id, candidateId: s.socialApplies.candidateId })
        .from(s.socialApplies)
        .where(eq(s.socialApplies.organisationId, SM.organisationId))
        .limit(1)
      const [other] = await tx
        .select({ id: s.candidates.id })
        .from(s.candidates)
        .where(
          and(eq(s.candidates.organisationId, SM.organisationId), sql`${s.candidates.id} <> ${apply!.candidateId}`),
        )
        .limit(1)
      await enrolCandidates(asDb(tx), SM, course.id, { candidateIds: [apply!.candidateId] }, '2026-11-02')
      const [enrolment] = (await coursePage(tx, SM.organisationId, course.id))!.active
      const [w] = await tx
        .insert(s.workshops)
        .values({
          organisationId: SM.organisationId,
          name: 'Atelier CV',
          startsAt: new Date('2026-11-10T13:00:00Z'),
          capacity: 5,
          seatsTaken: 2,
          status: 'scheduled',
        })
        .returning()
      const [mine, theirs] = await tx
        .insert(s.workshopRegistrations)
        .values([
          {
            organisationId: SM.organisationId,
            workshopId: w!.id,
            candidateId: apply!.candidateId,
            status: 'registered' as const,
            attendance: 'unexcused' as const,
          },
          {
            organisationId: SM.organisationId,
            workshopId: w!.id,
            candidateId: other!.id,
            status: 'registered' as const,
            attendance: 'present' as const,
          },
        ])
        .returning()
      const progressRows = () =>
        tx.select().from(s.supportCourseProgress).where(eq(s.supportCourseProgress.enrolmentId, enrolment!.id))
      // Another candidate's attendance, the wrong kind of step, a prescription on an "atelier" step: refused, nothing written.
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, atelier!.id, {
          doneOn: '2026-11-10',
          workshopRegistrationId: theirs!.id,
        }),
      ).toMatchObject({ ok: false, error: 'L’atelier ou la prescription choisi est introuvable pour ce candidat.' })
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, prescription!.id, {
          doneOn: '2026-11-10',
          workshopRegistrationId: mine!.id,
        }),
      ).toMatchObject({
        ok: false,
        error:
          'Seule une étape «\u00a0Atelier\u00a0» se lie à un atelier, et une étape «\u00a0Prescription\u00a0» à une prescription.',
      })
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, atelier!.id, { doneOn: '2026-11-10', applyId: apply!.id }),
      ).toMatchObject({ ok: false })
      // Absent: not a step done.
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, atelier!.id, {
          doneOn: '2026-11-10',
          workshopRegistrationId: mine!.id,
        }),
      ).toMatchObject({ ok: false, error: 'Le candidat n’a pas été marqué présent à cet atelier.' })
      expect(await progressRows()).toEqual([])
      await tx
        .update(s.workshopRegistrations)
        .set({ attendance: 'present' })
        .where(eq(s.workshopRegistrations.id, mine!.id))
      // The choices offered: the workshops attended, the prescriptions.
      expect(
        (await stepLinkChoices(tx, SM.organisationId, enrolment!.id, 'workshop')).map((c) => [c.id, c.label, c.day]),
      ).toEqual([[mine!.id, 'Atelier «\u00a0Atelier CV\u00a0» du 10/11/2026', '2026-11-10']])
      expect(await stepLinkChoices(tx, LYON.organisationId, enrolment!.id, 'workshop')).toEqual([])
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, atelier!.id, {
          doneOn: '2026-11-10',
          workshopRegistrationId: mine!.id,
        }),
      ).toEqual({ ok: true })
      expect(
        await markStepDone(asDb(tx), SM, enrolment!.id, prescription!.id, { doneOn: '2026-11-20', applyId: apply!.id }),
      ).toEqual({ ok: true })
      const rows = await progressRows()
      expect(rows.find((r) => r.stepId === atelier!.id)).toMatchObject({
        workshopRegistrationId: mine!.id,
        linkLabel: 'Atelier «\u00a0Atelier CV\u00a0» du 10/11/2026',
        doneOn: '2026-11-10',
      })
      expect(rows.find((r) => r.stepId === prescription!.id)).toMatchObject({
        applyId: apply!.id,
        linkLabel: expect.stringMatching(/^Prescription à «\u00a0.+\u00a0» du \d{2}\/\d{2}\/\d{4}$/),
      })
      const linked = (await coursePage(tx, SM.organisationId, course.id))!.active[0]!.progress
      expect(linked.find((p) => p.stepId === atelier!.id)).toMatchObject({
        doneOn: '2026-11-10',
        linkLabel: 'Atelier «\u00a0Atelier CV\u00a0» du 10/11/2026',
      })
    })
  })
  it('the course page: its steps, 50 candidates in progress by name, exits, totals; not another’s', async () => {
    await inRolledBackTransaction(db, async (tx) => {
      const course = await createCourse(asDb(tx), SM, { name: 'Parcours pages', ownerId: 'demo-referent' })
      if (!course.ok) throw new Error(course.error)
      await saveSteps(asDb(tx), SM, course.id, { steps })
      // 53 candidates of this test's own, names out of order: the page sorts them by last name, then first name.
      const made = await tx
        .insert(s.candidates)
        .values(
          Array.from({ length: 53 }, (_, i) => ({
            organisationId: SM.organisationId,
            firstName: `P${i % 2}`,
            lastName: `Zpage${String(52 - i).padStart(2, '0')}`,
          })),
        )
        .returning({ id: s.candidates.id, firstName: s.candidates.firstName, lastName: s.candidates.lastName })
      const candidateIds = made.map((m) => m.id)
      const enrolled = await enrolCandidates(asDb(tx), SM, course.id, { candidateIds }, '2026-11-02')
      expect(enrolled).toEqual({ ok: true, enrolled: 53 })
      const byName = [...made].sort((a, b) => (a.lastName + a.firstName).localeCompare(b.lastName + b.firstName))
      const first = (await coursePage(tx, SM.organisationId, course.id))!
      expect(first.course).toMatchObject({ id: course.id, name: 'Parcours pages', owner: 'Romain Leroy' })
      type Line = { title: string; kind: string; delayDays: number; delayFrom: string }
      const stepLine = (st: Line) => [st.title, st.kind, st.delayDays, st.delayFrom]
      expect(first.course.steps.map(stepLine)).toEqual(steps.map(stepLine))
      expect([first.activeTotal, first.leftTotal, first.active.length]).toEqual([53, 0, 50])
      expect(first.active.map((e) => e.candidateId)).toEqual(byName.slice(0, 50).map((m) => m.id))
      const second = (await coursePage(tx, SM.organisationId, course.id, { page: 2 }))!
      expect(second.active.map((e) => e.candidateId)).toEqual(byName.slice(50).map((m) => m.id))

      // One step done, one candidate out: the progress and the exit as written.
      const [step1] = await tx
        .select()
        .from(s.supportCourseSteps)
        .where(and(eq(s.supportCourseSteps.courseId, course.id), eq(s.supportCourseSteps.position, 0)))
      const target = first.active[0]!
      const done = { doneOn: '2026-11-05', comment: 'Vu en entretien.' }
      expect(await markStepDone(asDb(tx), SM, target.id, step1!.id, done)).toEqual({ ok: true })
      const leaving = first.active[1]!
      const exit = { outcome: 'abandoned', reason: 'Déménagement' }
      expect(await leaveCourse(asDb(tx), SM, leaving.id, exit, '2026-11-20')).toEqual({ ok: true })
      const after = (await coursePage(tx, SM.organisationId, course.id))!
      expect([after.activeTotal, after.leftTotal]).toEqual([52, 1])
      expect(after.left).toEqual([
        {
          ...{ id: leaving.id, candidateId: leaving.candidateId },
          ...{ firstName: leaving.firstName, lastName: leaving.lastName },
          ...{ status: 'abandoned', endedOn: '2026-11-20', endReason: 'Déménagement' },
        },
      ])
      const progress = after.active.find((e) => e.id === target.id)!.progress
      // Done on the 5th: the next step (14 days after the previous one) is due on the 19th; the third 60 days after
      // the enrolment.
      expect(progress.map((p) => [p.title, p.doneOn, p.due, p.comment])).toEqual([
        ['Entretien de diagnostic', '2026-11-05', '2026-11-09', 'Vu en entretien.'],
        ['Atelier CV', null, '2026-11-19', null],
        ['Bilan', null, '2027-01-01', null],
      ])
      expect(await coursePage(tx, LYON.organisationId, course.id)).toBeNull()
    })
  })
})
