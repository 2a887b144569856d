import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { calendarDaysBetween, parisToday } from '@/lib/dates'
import type { PlacementStatus } from '@/lib/job-offers/labels'
import { toSmsNumber } from '@/lib/sms/mobile-number'
import { maskPersonalLinks } from '@/lib/sms/queries'
import type { SmsStatus } from '@/lib/sms/status'
import { fullName } from '@/lib/person-name'
import { parisTextSql } from '@/lib/dates-sql'

/** The overview lists at most this many pending prescriptions and open placements (the counts stay exact). */
export const OVERVIEW_LIST_LIMIT = 5

type OpenPlacementJson = {
  jobOfferId: string
  title: string
  enterpriseName: string | null
  status: PlacementStatus
  interviewAt: string | null
}

type Row = {
  first_name: string
  last_name: string
  status: string | null
  place: string | null
  referent_first_name: string | null
  referent_last_name: string | null
  phone: string | null
  sms_opted_out_at: Date | null
  anonymised_at: Date | null
  diagnosis_under_way: 'draft' | 'sent' | 'toReview' | null
  diagnosis_completed_at: string | null
  pending_total: number
  pending:
    { id: string; offerId: string; offerName: string; providerName: string | null; prescriptionDate: string }[] | null
  next_workshop: {
    workshopId: string
    name: string
    startsAt: string
    place: string | null
    waitlisted: boolean
  } | null
  courses: { courseId: string; name: string; nextStep: string | null; nextDueOn: string | null }[] | null
  last_sms: {
    direction: 'outbound' | 'inbound'
    status: SmsStatus
    body: string
    at: string
    scheduledFor: string
  } | null
  placements_total: number
  placements: OpenPlacementJson[] | null
}

/**
 * The candidate sheet's overview: who follows the candidate and what is in motion for them, read in one
 * statement, every part scoped to the organisation (a candidate of another organisation is null). `at` is the domain's
 * now (lib/clock.ts): the next workshop, the pending prescriptions' age and a course step's lateness are read from it.
 *
 * An anonymised candidate (RGPD retention, lib/retention) keeps their status, place and referent, and nothing else:
 * the person is gone, nothing is in motion for them, and no action may take them (lib/candidates/pickable.ts).
 */
export async function candidateOverview(db: DbOrTx, organisationId: string, candidateId: string, at: Date) {
  const { rows } = await db.execute<Row>(sql`
    select c.first_name, c.last_name, st.label as status, p.label as place,
      u.first_name as referent_first_name, u.last_name as referent_last_name,
      c.phone, c.sms_opted_out_at, c.anonymised_at,
      (select d.status from diagnoses d
        where d.organisation_id = c.organisation_id and d.candidate_id = c.id and d.status <> 'completed'
        order by d.updated_at desc limit 1) as diagnosis_under_way,
      (select ${parisTextSql(sql`max(d.completed_at)`, 'YYYY-MM-DD')} from diagnoses d
        where d.organisation_id = c.organisation_id and d.candidate_id = c.id and d.status = 'completed')
        as diagnosis_completed_at,
      (select count(*)::int from social_applies a
        where a.organisation_id = c.organisation_id and a.candidate_id = c.id
          and a.state = 'PRESCRIPTION_FILLED' and not a.archived) as pending_total,
      (select json_agg(x order by x."prescriptionDate", x.id) from (
        select a.id, o.id as "offerId", o.name as "offerName", o.provider_name as "providerName",
          a.prescription_date as "prescriptionDate"
        from social_applies a join social_offers o on o.id = a.social_offer_id
        where a.organisation_id = c.organisation_id and a.candidate_id = c.id
          and a.state = 'PRESCRIPTION_FILLED' and not a.archived
        order by a.prescription_date, a.id limit ${OVERVIEW_LIST_LIMIT}) x) as pending,
      (select json_build_object('workshopId', w.id, 'name', w.name, 'startsAt', w.starts_at,
          'place', coalesce(w.address_formatted, case when w.video_url is not null then 'En visioconférence' end),
          'waitlisted', r.status = 'waitlisted')
        from workshop_registrations r join workshops w on w.id = r.workshop_id and w.organisation_id = r.organisation_id
        where r.organisation_id = c.organisation_id and r.candidate_id = c.id and r.status <> 'cancelled'
          and w.status = 'scheduled' and w.starts_at is not null and coalesce(w.ends_at, w.starts_at) >= ${at}
        order by w.starts_at, w.id limit 1) as next_workshop,
      (select json_agg(x order by x."nextDueOn" nulls last, x.name) from (
        select sc.id as "courseId", sc.name, s.title as "nextStep", e.next_due_on as "nextDueOn"
        from support_course_enrolments e
        join support_courses sc on sc.id = e.course_id and sc.organisation_id = e.organisation_id
        left join support_course_steps s on s.id = e.next_step_id
        where e.organisation_id = c.organisation_id and e.candidate_id = c.id and e.status = 'active') x) as courses,
      (select json_build_object('direction', m.direction, 'status', m.status, 'body', m.body, 'at', m.created_at,
          'scheduledFor', m.scheduled_for)
        from sms_messages m where m.organisation_id = c.organisation_id and m.candidate_id = c.id
        order by m.created_at desc, m.id desc limit 1) as last_sms,
      (select count(*)::int from job_placements jp
        where jp.organisation_id = c.organisation_id and jp.candidate_id = c.id
          and jp.status in ('proposed', 'interview')) as placements_total,
      (select json_agg(x order by x."interviewAt" nulls last, x.title) from (
        select jo.id as "jobOfferId", jo.title, e.name as "enterpriseName", jp.status, jp.interview_at as "interviewAt"
        from job_placements jp
        join job_offers jo on jo.id = jp.job_offer_id and jo.organisation_id = jp.organisation_id
        left join enterprises e on e.id = jo.enterprise_id
        where jp.organisation_id = c.organisation_id and jp.candidate_id = c.id
          and jp.status in ('proposed', 'interview')
        order by jp.interview_at nulls last, jo.title limit ${OVERVIEW_LIST_LIMIT}) x) as placements
    from candidates c
    left join places p on p.id = c.place_id and p.organisation_id = c.organisation_id
    left join candidate_statuses st on st.id = c.status_id and st.organisation_id = c.organisation_id
    left join "user" u on u.id = c.referent_id and u.organisation_id = c.organisation_id
    where c.id = ${candidateId}::uuid and c.organisation_id = ${organisationId}::uuid`)
  const row = rows[0]
  if (!row) return null
  const today = parisToday(at)
  const referent = fullName({ firstName: row.referent_first_name, lastName: row.referent_last_name }) || null
  const summary = {
    name: fullName({ firstName: row.first_name, lastName: row.last_name }),
    status: row.status,
    place: row.place,
    referent,
    anonymisedAt: row.anonymised_at ? new Date(row.anonymised_at) : null,
  }
  if (row.anonymised_at) {
    return {
      ...summary,
      sms: null,
      diagnosis: null,
      pending: { total: 0, rows: [] },
      nextWorkshop: null,
      courses: [],
      lastSms: null,
      placements: { total: 0, rows: [] },
    }
  }
  return {
    ...summary,
    /** Whether an SMS can go to them, and why not. */
    sms: {
      mobile: toSmsNumber(row.phone) !== null,
      optedOutAt: row.sms_opted_out_at ? new Date(row.sms_opted_out_at) : null,
    },
    diagnosis: { underWay: row.diagnosis_under_way, lastCompletedOn: row.diagnosis_completed_at },
    pending: {
      total: row.pending_total,
      rows: (row.pending ?? []).map((a) => {
        const prescriptionDate = new Date(a.prescriptionDate)
        return { ...a, prescriptionDate, ageDays: calendarDaysBetween(prescriptionDate, today) }
      }),
    },
    nextWorkshop: row.next_workshop ? { ...row.next_workshop, startsAt: new Date(row.next_workshop.startsAt) } : null,
    courses: (row.courses ?? []).map((c) => ({ ...c, late: c.nextDueOn !== null && c.nextDueOn < today })),
    lastSms: row.last_sms
      ? {
          ...row.last_sms,
          body: maskPersonalLinks(row.last_sms.body),
          at: new Date(row.last_sms.at),
          scheduledFor: new Date(row.last_sms.scheduledFor),
        }
      : null,
    placements: {
      total: row.placements_total,
      rows: (row.placements ?? []).map((p) => ({ ...p, interviewAt: p.interviewAt ? new Date(p.interviewAt) : null })),
    },
  }
}

export type CandidateOverview = NonNullable<Awaited<ReturnType<typeof candidateOverview>>>
