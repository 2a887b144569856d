import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { PAGE_SIZE } from '@/lib/constants'
import { stepProgress, type CourseStep } from './progress'
import { fullNameSql } from '@/lib/person-name-sql'

type StepRow = CourseStep & { kind: string; workshopTheme: string | null }
type DoneRow = [stepId: string, doneOn: string, comment: string | null, linkLabel: string | null]
type ActiveRow = {
  id: string
  candidateId: string
  firstName: string
  lastName: string
  enrolledOn: string
  done: DoneRow[] | null
}
type LeftRow = {
  id: string
  candidateId: string
  firstName: string
  lastName: string
  status: 'finished' | 'abandoned'
  endedOn: string | null
  endReason: string | null
}
type PageRow = {
  course: { id: string; name: string; description: string | null; owner: string | null } | null
  steps: StepRow[]
  active_total: number
  left_total: number
  active: ActiveRow[]
  left: LeftRow[]
}

/**
 * /support-courses/[id], its read model in one round trip: the course and its owner, its current steps
 * in order, one page (50) of its candidates in progress by name with what they did of each step, its 50 latest exits,
 * and how many of each. The page issued seven statements (the steps twice) that the bench's 20 clients queued behind
 * one another; PostgreSQL now builds the page's JSON in one. The course is the organisation's or nothing.
 */
export async function coursePage(
  db: DbOrTx,
  organisationId: string,
  courseId: string,
  options: { page?: number } = {},
) {
  const page = Math.max(1, options.page ?? 1)
  const { rows } = await db.execute<PageRow>(sql`
    with course as (
      select c.id, c.name, c.description, ${fullNameSql('u')} as owner
      from support_courses c left join "user" u on u.id = c.owner_id
      where c.id = ${courseId} and c.organisation_id = ${organisationId}
    ),
    enrolments as (
      select e.id, e.candidate_id, e.status, e.enrolled_on, e.ended_on, e.end_reason
      from support_course_enrolments e
      where e.organisation_id = ${organisationId} and e.course_id = (select id from course)
    ),
    active as (
      select e.id, ca.id as candidate_id, ca.first_name, ca.last_name, e.enrolled_on,
             row_number() over (order by ca.last_name, ca.first_name, e.id) as rank
      from enrolments e join candidates ca on ca.id = e.candidate_id
      where e.status = 'active'
      order by ca.last_name, ca.first_name, e.id
      limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}
    ),
    exits as (
      select e.id, ca.id as candidate_id, ca.first_name, ca.last_name, e.status, e.ended_on, e.end_reason,
             row_number() over (order by e.ended_on desc nulls last, ca.last_name, e.id) as rank
      from enrolments e join candidates ca on ca.id = e.candidate_id
      where e.status <> 'active'
      order by e.ended_on desc nulls last, ca.last_name, e.id
      limit ${PAGE_SIZE}
    )
    select
      (select row_to_json(c) from course c) as course,
      (select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'kind', s.kind,
                'delayDays', s.delay_days, 'delayFrom', s.delay_from, 'workshopTheme', s.workshop_theme)
                order by s.position), '[]')
         from support_course_steps s where s.course_id = (select id from course) and s.archived_at is null) as steps,
      (select count(*) from enrolments where status = 'active')::int as active_total,
      (select count(*) from enrolments where status <> 'active')::int as left_total,
      (select coalesce(json_agg(json_build_object('id', a.id, 'candidateId', a.candidate_id, 'firstName', a.first_name,
                'lastName', a.last_name, 'enrolledOn', a.enrolled_on,
                'done', (select json_agg(json_build_array(p.step_id, p.done_on, p.comment, p.link_label))
                         from support_course_progress p where p.enrolment_id = a.id)) order by a.rank), '[]')
         from active a) as active,
      (select coalesce(json_agg(json_build_object('id', x.id, 'candidateId', x.candidate_id, 'firstName', x.first_name,
                'lastName', x.last_name, 'status', x.status, 'endedOn', x.ended_on, 'endReason', x.end_reason)
                order by x.rank), '[]')
         from exits x) as left`)
  const row = rows[0]
  if (!row?.course) return null
  const steps = row.steps
  return {
    course: { ...row.course, steps },
    page,
    activeTotal: row.active_total,
    leftTotal: row.left_total,
    left: row.left,
    // Every enrolment's progress follows the course's current steps, in their order (./progress.ts).
    active: row.active.map(({ done, ...e }) => {
      const byStep = new Map((done ?? []).map((d) => [d[0], d]))
      const progress = stepProgress(steps, e.enrolledOn, new Map((done ?? []).map((d) => [d[0], d[1]])))
      return {
        ...e,
        progress: progress.map((p) => {
          const row = byStep.get(p.stepId)
          return { ...p, comment: row?.[2] ?? null, linkLabel: row?.[3] ?? null }
        }),
      }
    }),
  }
}
export type CoursePage = NonNullable<Awaited<ReturnType<typeof coursePage>>>
