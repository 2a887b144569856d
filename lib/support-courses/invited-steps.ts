import { and, eq, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { parisToday, formatDate } from '@/lib/dates'
import { supportCourseProgress, supportCourseSteps } from '@/lib/db/schema'
import { refreshNextDue } from './courses'
import { COURSE_MESSAGES } from './schemas'

/**
 * Invitations to a support-course step (lib/invitations/invite.ts): a step of kind "atelier" names the workshops'
 * theme its invitations go to. The person books a session of that theme; once they are marked present at it, the step
 * is done for their active enrolment — on the session's day, linked to that attendance, by the counsellor who marked
 * it — in the same transaction as the attendance. A step already done, an enrolment left meanwhile or a step removed
 * from the course since is left as it is.
 */

/** The step an invitation goes to, the organisation's: its course and theme; or why it cannot be invited to. */
export async function invitableStep(tx: DbOrTx, organisationId: string, stepId: string) {
  const [step] = await tx
    .select({
      courseId: supportCourseSteps.courseId,
      title: supportCourseSteps.title,
      theme: supportCourseSteps.workshopTheme,
    })
    .from(supportCourseSteps)
    .where(
      and(
        eq(supportCourseSteps.id, stepId),
        eq(supportCourseSteps.organisationId, organisationId),
        eq(supportCourseSteps.kind, 'workshop'),
        isNull(supportCourseSteps.archivedAt),
      ),
    )
  return step?.theme ? { ...step, theme: step.theme } : null
}

/** Among these candidates, who is enrolled (active) in the step's course, and who has done the step already. */
export async function stepStandingOf(
  tx: DbOrTx,
  organisationId: string,
  step: { courseId: string },
  stepId: string,
  candidateIds: string[],
) {
  const { rows } = await tx.execute<{ candidate_id: string; done: boolean }>(sql`
    select e.candidate_id,
           exists (select 1 from support_course_progress p where p.enrolment_id = e.id and p.step_id = ${stepId}) as done
    from support_course_enrolments e
    where e.organisation_id = ${organisationId} and e.course_id = ${step.courseId} and e.status = 'active'
      and e.candidate_id in (${sql.join(
        candidateIds.map((id) => sql`${id}`),
        sql`, `,
      )})`)
  return new Map(rows.map((r) => [r.candidate_id, r.done]))
}

/** Why this person cannot be invited to the step (not enrolled, done already), or null. */
export function stepRefusal(standing: Map<string, boolean>, candidateId: string): string | null {
  const done = standing.get(candidateId)
  return done === undefined ? COURSE_MESSAGES.inviteNotEnrolled : done ? COURSE_MESSAGES.inviteStepDone : null
}

type Attended = {
  enrolment_id: string
  course_id: string
  candidate_id: string
  step_id: string
  step_title: string
  registration_id: string
  workshop_name: string
  starts_at: string
}

/**
 * Called when attendances are marked present: each registration booked from an invitation to a step marks that step
 * done for the candidate's active enrolment (when not done yet). Returns how many steps were marked.
 */
export async function markInvitedStepsDone(
  tx: DbOrTx,
  actor: { organisationId: string; actorId: string },
  registrationIds: string[],
): Promise<number> {
  if (!registrationIds.length) return 0
  const { rows } = await tx.execute<Attended>(sql`
    select e.id as enrolment_id, e.course_id, e.candidate_id, s.id as step_id, s.title as step_title,
           r.id as registration_id, w.name as workshop_name, w.starts_at
    from workshop_registrations r
    join invitations i on i.registration_id = r.id and i.organisation_id = r.organisation_id
                      and i.status = 'booked' and i.step_id is not null
    join support_course_steps s on s.id = i.step_id and s.archived_at is null
    join support_course_enrolments e on e.course_id = s.course_id and e.candidate_id = r.candidate_id
                                    and e.organisation_id = r.organisation_id and e.status = 'active'
    join workshops w on w.id = r.workshop_id
    where r.organisation_id = ${actor.organisationId}
      and r.id in (${sql.join(
        registrationIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and r.attendance = 'present'
      and not exists (select 1 from support_course_progress p where p.enrolment_id = e.id and p.step_id = s.id)
    for update of e`)
  if (!rows.length) return 0
  for (const r of rows) {
    const startsAt = new Date(r.starts_at)
    await tx
      .insert(supportCourseProgress)
      .values({
        enrolmentId: r.enrolment_id,
        stepId: r.step_id,
        stepTitle: r.step_title,
        doneOn: parisToday(startsAt),
        workshopRegistrationId: r.registration_id,
        linkLabel: `Atelier «\u00a0${r.workshop_name}\u00a0» du ${formatDate(startsAt)}`,
        actorId: actor.actorId,
      })
      .onConflictDoNothing()
  }
  for (const courseId of new Set(rows.map((r) => r.course_id)))
    await refreshNextDue(
      tx,
      courseId,
      rows.filter((r) => r.course_id === courseId).map((r) => r.enrolment_id),
    )
  await writeAudit(
    tx,
    rows.map((r) => ({
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'supportCourse.stepDone',
      entityType: 'candidate',
      entityId: r.candidate_id,
      details: { courseId: r.course_id, stepId: r.step_id, linked: 'workshop', by: 'invitation' },
    })),
  )
  return rows.length
}

/**
 * An attendance changed from present to absent or excused: a step done by linking it (by an invitation or by hand) no
 * longer holds, and is undone for an active enrolment, audited. Returns how many.
 */
export async function undoStepsOfAttendance(
  tx: DbOrTx,
  actor: { organisationId: string; actorId: string },
  registrationId: string,
): Promise<number> {
  const { rows } = await tx.execute<{
    id: string
    enrolment_id: string
    course_id: string
    candidate_id: string
    step_id: string
  }>(sql`
    select p.id, e.id as enrolment_id, e.course_id, e.candidate_id, p.step_id
    from support_course_progress p
    join support_course_enrolments e on e.id = p.enrolment_id
    where p.workshop_registration_id = ${registrationId} and e.organisation_id = ${actor.organisationId}
      and e.status = 'active'
    for update of e`)
  if (!rows.length) return 0
  await tx.execute(
    sql`delete from support_course_progress where id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  )
  for (const courseId of new Set(rows.map((r) => r.course_id)))
    await refreshNextDue(
      tx,
      courseId,
      rows.filter((r) => r.course_id === courseId).map((r) => r.enrolment_id),
    )
  await writeAudit(
    tx,
    rows.map((r) => ({
      actorId: actor.actorId,
      organisationId: actor.organisationId,
      action: 'supportCourse.stepUndone',
      entityType: 'candidate',
      entityId: r.candidate_id,
      details: { courseId: r.course_id, stepId: r.step_id, reason: 'attendance' },
    })),
  )
  return rows.length
}
