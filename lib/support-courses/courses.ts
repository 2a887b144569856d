import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db, DbOrTx } from '@/lib/db/client'
import { formatDate } from '@/lib/dates'
import {
  candidates,
  socialApplies,
  socialOffers,
  supportCourseEnrolments,
  supportCourseProgress,
  supportCourses,
  supportCourseSteps,
  users,
  workshopRegistrations,
  workshops,
} from '@/lib/db/schema'
import { invalid, NOT_FOUND, type Outcome } from '@/lib/frame/outcome'
import { nextStep, stepProgress, type CourseStep } from './progress'
import { COURSE_MESSAGES, courseSchema, enrolSchema, leaveSchema, stepDoneSchema, stepsSchema } from './schemas'
import { pickableCandidates } from '@/lib/candidates/pickable'
import { fullName } from '@/lib/person-name'
import { activeStaffOf } from '@/lib/organisation/active-staff'

/**
 * Support courses. A course's steps are edited freely; a removed step is archived, never deleted, and a
 * step done keeps its title as it was then (progress rows hold it): editing a course never rewrites a candidate's past
 * progress. Each active enrolment keeps its next step and due date, recomputed whenever its progress or the course's
 * steps change, so that the lists and the actions dashboard find the late ones by index.
 */
export type CourseActor = { organisationId: string; actorId: string }
const fail = (error: string, field?: string) => ({
  ok: false as const,
  error,
  ...(field ? { fieldErrors: { [field]: error } } : {}),
})

async function ownerIsStaff(tx: DbOrTx, organisationId: string, ownerId: string) {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), activeStaffOf(organisationId)))
  return !!u
}

export async function createCourse(db: Db, actor: CourseActor, input: unknown): Promise<Outcome<{ id: string }>> {
  const parsed = courseSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx) => {
    if (!(await ownerIsStaff(tx, actor.organisationId, parsed.data.ownerId)))
      return fail(COURSE_MESSAGES.ownerUnknown, 'ownerId')
    const [row] = await tx
      .insert(supportCourses)
      .values({ ...parsed.data, organisationId: actor.organisationId })
      .returning({ id: supportCourses.id })
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'supportCourse.created',
      entityType: 'supportCourse',
      entityId: row!.id,
    })
    return { ok: true as const, id: row!.id }
  })
}

async function lockCourse(tx: DbOrTx, organisationId: string, courseId: string) {
  const [c] = await tx
    .select()
    .from(supportCourses)
    .where(and(eq(supportCourses.id, courseId), eq(supportCourses.organisationId, organisationId)))
    .for('update')
  return c ?? null
}

/** The course's current steps, in order. */
export async function currentSteps(tx: DbOrTx, courseId: string): Promise<CourseStep[]> {
  return tx
    .select({
      id: supportCourseSteps.id,
      title: supportCourseSteps.title,
      delayDays: supportCourseSteps.delayDays,
      delayFrom: supportCourseSteps.delayFrom,
    })
    .from(supportCourseSteps)
    .where(and(eq(supportCourseSteps.courseId, courseId), isNull(supportCourseSteps.archivedAt)))
    .orderBy(asc(supportCourseSteps.position))
}

/** Recomputes the next step and due date of the course's active enrolments (all, or the ones given). */
export async function refreshNextDue(tx: DbOrTx, courseId: string, enrolmentIds?: string[]) {
  const steps = await currentSteps(tx, courseId)
  const enrolments = await tx
    .select({ id: supportCourseEnrolments.id, enrolledOn: supportCourseEnrolments.enrolledOn })
    .from(supportCourseEnrolments)
    .where(
      and(
        eq(supportCourseEnrolments.courseId, courseId),
        eq(supportCourseEnrolments.status, 'active'),
        enrolmentIds ? inArray(supportCourseEnrolments.id, enrolmentIds) : undefined,
      ),
    )
  if (!enrolments.length) return
  const done = await tx
    .select({
      enrolmentId: supportCourseProgress.enrolmentId,
      stepId: supportCourseProgress.stepId,
      doneOn: supportCourseProgress.doneOn,
    })
    .from(supportCourseProgress)
    .where(
      inArray(
        supportCourseProgress.enrolmentId,
        enrolments.map((e) => e.id),
      ),
    )
  for (const e of enrolments) {
    const next = nextStep(
      stepProgress(
        steps,
        e.enrolledOn,
        new Map(done.filter((d) => d.enrolmentId === e.id).map((d) => [d.stepId, d.doneOn])),
      ),
    )
    await tx
      .update(supportCourseEnrolments)
      .set({ nextStepId: next?.stepId ?? null, nextDueOn: next?.due ?? null })
      .where(eq(supportCourseEnrolments.id, e.id))
  }
}

/** The whole list of steps, in order: kept ones updated, new ones added, the others archived (their past progress stays). */
export async function saveSteps(db: Db, actor: CourseActor, courseId: string, input: unknown): Promise<Outcome> {
  const parsed = stepsSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx): Promise<Outcome> => {
    if (!(await lockCourse(tx, actor.organisationId, courseId))) return NOT_FOUND
    const existing = await currentSteps(tx, courseId)
    const known = new Set(existing.map((s) => s.id))
    if (parsed.data.steps.some((s) => s.id && !known.has(s.id))) return fail(COURSE_MESSAGES.stepUnknown)
    const kept = new Set(parsed.data.steps.filter((s) => s.id).map((s) => s.id!))
    const removed = existing.filter((s) => !kept.has(s.id)).map((s) => s.id)
    if (removed.length)
      await tx
        .update(supportCourseSteps)
        .set({ archivedAt: sql`now()` })
        .where(inArray(supportCourseSteps.id, removed))
    for (const [position, s] of parsed.data.steps.entries()) {
      const workshopTheme = s.kind === 'workshop' ? s.workshopTheme || null : null
      const values = {
        title: s.title,
        kind: s.kind,
        delayDays: s.delayDays,
        delayFrom: s.delayFrom,
        workshopTheme,
        position,
      }
      if (s.id) await tx.update(supportCourseSteps).set(values).where(eq(supportCourseSteps.id, s.id))
      else await tx.insert(supportCourseSteps).values({ ...values, courseId, organisationId: actor.organisationId })
    }
    await refreshNextDue(tx, courseId)
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'supportCourse.stepsSaved',
      entityType: 'supportCourse',
      entityId: courseId,
      details: { steps: parsed.data.steps.length, archived: removed.length },
    })
    return { ok: true }
  })
}

export async function enrolCandidates(
  db: Db,
  actor: CourseActor,
  courseId: string,
  input: unknown,
  today: string,
): Promise<Outcome<{ enrolled: number }>> {
  const parsed = enrolSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const ids = [...new Set(parsed.data.candidateIds)]
  return db.transaction(async (tx) => {
    if (!(await lockCourse(tx, actor.organisationId, courseId))) return NOT_FOUND
    const found = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(pickableCandidates(actor.organisationId), inArray(candidates.id, ids)))
    if (found.length !== ids.length) return fail(COURSE_MESSAGES.candidateUnknown, 'candidateIds')
    const already = await tx
      .select({ firstName: candidates.firstName, lastName: candidates.lastName })
      .from(supportCourseEnrolments)
      .innerJoin(candidates, eq(candidates.id, supportCourseEnrolments.candidateId))
      .where(
        and(
          eq(supportCourseEnrolments.courseId, courseId),
          inArray(supportCourseEnrolments.candidateId, ids),
          eq(supportCourseEnrolments.status, 'active'),
        ),
      )
    if (already.length) return fail(COURSE_MESSAGES.alreadyEnrolled(already.map(fullName).join(', ')), 'candidateIds')
    const rows = await tx
      .insert(supportCourseEnrolments)
      .values(
        ids.map((candidateId) => ({
          organisationId: actor.organisationId,
          courseId,
          candidateId,
          enrolledOn: today,
          createdById: actor.actorId,
        })),
      )
      .returning({ id: supportCourseEnrolments.id, candidateId: supportCourseEnrolments.candidateId })
    await refreshNextDue(
      tx,
      courseId,
      rows.map((r) => r.id),
    )
    await writeAudit(
      tx,
      rows.map((r) => ({
        actorId: actor.actorId,
        organisationId: actor.organisationId,
        action: 'supportCourse.enrolled',
        entityType: 'candidate',
        entityId: r.candidateId,
        details: { courseId },
      })),
    )
    return { ok: true as const, enrolled: rows.length }
  })
}

async function lockedEnrolment(tx: DbOrTx, actor: CourseActor, enrolmentId: string) {
  const [e] = await tx
    .select()
    .from(supportCourseEnrolments)
    .where(
      and(
        eq(supportCourseEnrolments.id, enrolmentId),
        eq(supportCourseEnrolments.organisationId, actor.organisationId),
      ),
    )
    .for('update')
  return e ?? null
}

/**
 * The workshop attendance or the prescription a step refers to, checked: the enrolled candidate's own, in the
 * organisation, and an attendance marked present. Its label is kept with the progress, as it reads now.
 */
async function stepLink(
  tx: DbOrTx,
  organisationId: string,
  candidateId: string,
  kind: string,
  input: { workshopRegistrationId?: string | null; applyId?: string | null },
) {
  if (input.workshopRegistrationId && input.applyId) return { error: COURSE_MESSAGES.linkWrongKind }
  if (input.workshopRegistrationId) {
    if (kind !== 'workshop') return { error: COURSE_MESSAGES.linkWrongKind }
    const [r] = await tx
      .select({ attendance: workshopRegistrations.attendance, name: workshops.name, startsAt: workshops.startsAt })
      .from(workshopRegistrations)
      .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
      .where(
        and(
          eq(workshopRegistrations.id, input.workshopRegistrationId),
          eq(workshopRegistrations.organisationId, organisationId),
          eq(workshopRegistrations.candidateId, candidateId),
        ),
      )
    if (!r) return { error: COURSE_MESSAGES.linkUnknown }
    if (r.attendance !== 'present') return { error: COURSE_MESSAGES.linkNotAttended }
    return {
      workshopRegistrationId: input.workshopRegistrationId,
      applyId: null,
      linkLabel: `Atelier «\u00a0${r.name}\u00a0» du ${formatDate(r.startsAt)}`,
    }
  }
  if (input.applyId) {
    if (kind !== 'prescription') return { error: COURSE_MESSAGES.linkWrongKind }
    const [a] = await tx
      .select({ offer: socialOffers.name, at: socialApplies.prescriptionDate })
      .from(socialApplies)
      .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
      .where(
        and(
          eq(socialApplies.id, input.applyId),
          eq(socialApplies.organisationId, organisationId),
          eq(socialApplies.candidateId, candidateId),
        ),
      )
    if (!a) return { error: COURSE_MESSAGES.linkUnknown }
    return {
      workshopRegistrationId: null,
      applyId: input.applyId,
      linkLabel: `Prescription à «\u00a0${a.offer}\u00a0» du ${formatDate(a.at)}`,
    }
  }
  return { workshopRegistrationId: null, applyId: null, linkLabel: null }
}

/**
 * A step done on a day, with a comment; its title is kept as it is now. A step of kind "atelier" or "prescription" may
 * be done by linking the attendance or the prescription it refers to.
 */
export async function markStepDone(
  db: Db,
  actor: CourseActor,
  enrolmentId: string,
  stepId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = stepDoneSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx): Promise<Outcome> => {
    const e = await lockedEnrolment(tx, actor, enrolmentId)
    if (!e) return NOT_FOUND
    if (e.status !== 'active') return fail(COURSE_MESSAGES.notActive)
    const [step] = await tx
      .select({ title: supportCourseSteps.title, kind: supportCourseSteps.kind })
      .from(supportCourseSteps)
      .where(
        and(
          eq(supportCourseSteps.id, stepId),
          eq(supportCourseSteps.courseId, e.courseId),
          isNull(supportCourseSteps.archivedAt),
        ),
      )
    if (!step) return fail(COURSE_MESSAGES.stepUnknown)
    const link = await stepLink(tx, actor.organisationId, e.candidateId, step.kind, parsed.data)
    if ('error' in link) return fail(link.error!, parsed.data.applyId ? 'applyId' : 'workshopRegistrationId')
    const values = { doneOn: parsed.data.doneOn, comment: parsed.data.comment, actorId: actor.actorId, ...link }
    await tx
      .insert(supportCourseProgress)
      .values({ enrolmentId, stepId, stepTitle: step.title, ...values })
      .onConflictDoUpdate({ target: [supportCourseProgress.enrolmentId, supportCourseProgress.stepId], set: values })
    await refreshNextDue(tx, e.courseId, [enrolmentId])
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'supportCourse.stepDone',
      entityType: 'candidate',
      entityId: e.candidateId,
      details: {
        courseId: e.courseId,
        stepId,
        linked: link.workshopRegistrationId ? 'workshop' : link.applyId ? 'prescription' : null,
      },
    })
    return { ok: true }
  })
}

/** The candidate leaves the course, "terminé" or "abandonné", with a reason. */
export async function leaveCourse(
  db: Db,
  actor: CourseActor,
  enrolmentId: string,
  input: unknown,
  today: string,
): Promise<Outcome> {
  const parsed = leaveSchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  return db.transaction(async (tx): Promise<Outcome> => {
    const e = await lockedEnrolment(tx, actor, enrolmentId)
    if (!e) return NOT_FOUND
    if (e.status !== 'active') return fail(COURSE_MESSAGES.notActive)
    await tx
      .update(supportCourseEnrolments)
      .set({
        status: parsed.data.outcome,
        endedOn: today,
        endReason: parsed.data.reason,
        nextStepId: null,
        nextDueOn: null,
      })
      .where(eq(supportCourseEnrolments.id, enrolmentId))
    await writeAudit(tx, {
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: `supportCourse.${parsed.data.outcome}`,
      entityType: 'candidate',
      entityId: e.candidateId,
      details: { courseId: e.courseId },
    })
    return { ok: true }
  })
}
