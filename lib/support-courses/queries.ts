import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { formatDate, parisToday } from '@/lib/dates'
import {
  candidates,
  socialApplies,
  socialOffers,
  supportCourseEnrolments,
  supportCourses,
  supportCourseSteps,
  users,
  workshopRegistrations,
  workshops,
} from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { activeStaffChoices } from '@/lib/organisation/active-staff'

/**
 * /support-courses/dashboard: the organisation's courses (50 per page), filtered by owner, each with its enrolled,
 * active, late and finished counts (one aggregate over the enrolments' course index).
 */
export async function listCourses(
  db: DbOrTx,
  organisationId: string,
  filters: { ownerId?: string; page?: number },
  today: string,
) {
  const page = Math.max(1, filters.page ?? 1)
  const where = and(
    eq(supportCourses.organisationId, organisationId),
    filters.ownerId ? eq(supportCourses.ownerId, filters.ownerId) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: supportCourses.id,
        name: supportCourses.name,
        ownerFirstName: users.firstName,
        ownerLastName: users.lastName,
        counts: sql<{ enrolled: number; active: number; late: number; finished: number }>`(
          select json_build_object('enrolled', count(*), 'active', count(*) filter (where e.status = 'active'),
            'late', count(*) filter (where e.status = 'active' and e.next_due_on < ${today}), 'finished', count(*) filter (where e.status = 'finished'))
          from support_course_enrolments e where e.course_id = support_courses.id)`,
      })
      .from(supportCourses)
      .leftJoin(users, eq(users.id, supportCourses.ownerId))
      .where(where)
      .orderBy(asc(supportCourses.name), asc(supportCourses.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(supportCourses).where(where),
  ])
  return { page, total: total?.n ?? 0, rows }
}

/**
 * The owner filter's users (spec §6 filters.authors: with it, the organisation's staff; without it, the user alone).
 */
export function ownerChoices(db: DbOrTx, organisationId: string, user: { id: string }, allAuthors: boolean) {
  return activeStaffChoices(db, organisationId, allAuthors ? undefined : user.id)
}

/** The course picker's "already there" (lib/candidates/pickable.ts): an active enrolment in the course. */
export function enrolledIn(organisationId: string, courseId: string) {
  return sql<boolean>`exists (select 1 from support_course_enrolments e where e.organisation_id = ${organisationId} and e.course_id = ${courseId} and e.candidate_id = ${candidates.id} and e.status = 'active')`
}

/**
 * The actions dashboard's late steps of a user: the active enrolments whose next step is past due, in the courses the
 * user owns or for the candidates the user follows; 50 at most, the oldest due first. Two index-driven probes (the
 * user's courses → their enrolments; the user's candidates → theirs) instead of filtering every late enrolment of the
 * organisation (bench late-steps-server).
 */
export async function lateStepsOf(db: DbOrTx, organisationId: string, userId: string, today: string) {
  // Each probe stops at its 50 oldest: the page shows 50 at most.
  const ids = sql`(
    select id from (
      (select e.id from support_course_enrolments e
        where e.course_id in (select c.id from support_courses c where c.organisation_id = ${organisationId} and c.owner_id = ${userId})
          and e.status = 'active' and e.next_due_on < ${today}
        order by e.next_due_on limit 50)
      union
      (select e.id from candidates ca join support_course_enrolments e on e.organisation_id = ca.organisation_id and e.candidate_id = ca.id
        where ca.organisation_id = ${organisationId} and ca.referent_id = ${userId} and e.status = 'active' and e.next_due_on < ${today}
        order by e.next_due_on limit 50)
    ) mine
  )`
  return db
    .select({
      enrolmentId: supportCourseEnrolments.id,
      courseId: supportCourses.id,
      courseName: supportCourses.name,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      stepTitle: supportCourseSteps.title,
      dueOn: supportCourseEnrolments.nextDueOn,
    })
    .from(supportCourseEnrolments)
    .innerJoin(supportCourses, eq(supportCourses.id, supportCourseEnrolments.courseId))
    .innerJoin(candidates, eq(candidates.id, supportCourseEnrolments.candidateId))
    .leftJoin(supportCourseSteps, eq(supportCourseSteps.id, supportCourseEnrolments.nextStepId))
    .where(
      and(eq(supportCourseEnrolments.organisationId, organisationId), sql`${supportCourseEnrolments.id} in ${ids}`),
    )
    .orderBy(asc(supportCourseEnrolments.nextDueOn), desc(supportCourseEnrolments.id))
    .limit(50)
}

/** The candidate sheet's "Parcours": the candidate's enrolments, with the next step and its due date. */
export async function coursesOfCandidate(db: DbOrTx, organisationId: string, candidateId: string) {
  return db
    .select({
      id: supportCourseEnrolments.id,
      courseId: supportCourses.id,
      name: supportCourses.name,
      status: supportCourseEnrolments.status,
      enrolledOn: supportCourseEnrolments.enrolledOn,
      endedOn: supportCourseEnrolments.endedOn,
      endReason: supportCourseEnrolments.endReason,
      nextStepId: supportCourseSteps.id,
      nextStep: supportCourseSteps.title,
      /** The next step's invitations' theme (a step of kind "atelier" with one). */
      nextStepTheme: supportCourseSteps.workshopTheme,
      nextDueOn: supportCourseEnrolments.nextDueOn,
    })
    .from(supportCourseEnrolments)
    .innerJoin(supportCourses, eq(supportCourses.id, supportCourseEnrolments.courseId))
    .leftJoin(supportCourseSteps, eq(supportCourseSteps.id, supportCourseEnrolments.nextStepId))
    .where(
      and(
        eq(supportCourseEnrolments.organisationId, organisationId),
        eq(supportCourseEnrolments.candidateId, candidateId),
      ),
    )
    .orderBy(desc(supportCourseEnrolments.enrolledOn))
}

/**
 * "Marquer faite" on a step of kind "atelier" or "prescription": what the enrolled candidate did that it may refer to —
 * the workshops they were marked present at, or their prescriptions — latest first, with the day to prefill.
 */
export async function stepLinkChoices(
  db: DbOrTx,
  organisationId: string,
  enrolmentId: string,
  kind: 'workshop' | 'prescription',
) {
  const [e] = await db
    .select({ candidateId: supportCourseEnrolments.candidateId })
    .from(supportCourseEnrolments)
    .where(and(eq(supportCourseEnrolments.id, enrolmentId), eq(supportCourseEnrolments.organisationId, organisationId)))
  if (!e) return []
  if (kind === 'workshop') {
    const rows = await db
      .select({ id: workshopRegistrations.id, name: workshops.name, at: workshops.startsAt })
      .from(workshopRegistrations)
      .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
      .where(
        and(
          eq(workshopRegistrations.organisationId, organisationId),
          eq(workshopRegistrations.candidateId, e.candidateId),
          eq(workshopRegistrations.attendance, 'present'),
        ),
      )
      .orderBy(desc(workshops.startsAt))
      .limit(50)
    return rows.map((r) => ({
      id: r.id,
      label: `Atelier «\u00a0${r.name}\u00a0» du ${formatDate(r.at)}`,
      day: r.at ? parisToday(r.at) : null,
    }))
  }
  const rows = await db
    .select({ id: socialApplies.id, offer: socialOffers.name, at: socialApplies.prescriptionDate })
    .from(socialApplies)
    .innerJoin(socialOffers, eq(socialOffers.id, socialApplies.socialOfferId))
    .where(and(eq(socialApplies.organisationId, organisationId), eq(socialApplies.candidateId, e.candidateId)))
    .orderBy(desc(socialApplies.prescriptionDate))
    .limit(50)
  return rows.map((r) => ({
    id: r.id,
    label: `Prescription à «\u00a0${r.offer}\u00a0» du ${formatDate(r.at)}`,
    day: parisToday(r.at),
  }))
}
