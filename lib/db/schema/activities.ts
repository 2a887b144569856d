import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { socialApplies } from './applies'
import { users } from './auth'
import { candidates } from './candidates'
import { organisations, partnerStructures } from './tenants'

export const supportCourses = pgTable(
  'support_courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Spec §3 "Support-course owner": {_id, firstName, lastName}. */
    ownerId: text('owner_id').references(() => users.id),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_courses_organisation_idx').on(t.organisationId)],
)

export const stepKindEnum = pgEnum('support_course_step_kind', [
  'interview',
  'workshop',
  'prescription',
  'administrative',
  'other',
])
export const delayFromEnum = pgEnum('support_course_delay_from', ['enrolment', 'previous'])

/** A course's ordered steps; a removed one is archived, so that past progress keeps it. */
export const supportCourseSteps = pgTable(
  'support_course_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => supportCourses.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: stepKindEnum('kind').notNull(),
    /** Days after the enrolment, or after the previous step, within which the step is due (0–365). */
    delayDays: integer('delay_days').notNull(),
    delayFrom: delayFromEnum('delay_from').notNull().default('previous'),
    /** A step of kind "atelier": the workshops' theme (`workshops.theme`) its invitations go to; null: none. */
    workshopTheme: text('workshop_theme'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('support_course_steps_course_idx').on(t.courseId, t.position)],
)

export const enrolmentStatusEnum = pgEnum('support_course_enrolment_status', ['active', 'finished', 'abandoned'])

/** A candidate enrolled in a course; its next step and due date are kept for the lists (lib/support-courses/courses.ts). */
export const supportCourseEnrolments = pgTable(
  'support_course_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => supportCourses.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    enrolledOn: date('enrolled_on').notNull(),
    status: enrolmentStatusEnum('status').notNull().default('active'),
    endedOn: date('ended_on'),
    endReason: text('end_reason'),
    nextStepId: uuid('next_step_id'),
    nextDueOn: date('next_due_on'),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_course_enrolments_active_uq')
      .on(t.courseId, t.candidateId)
      .where(sql`status = 'active'`),
    index('support_course_enrolments_course_idx').on(t.courseId, t.status, t.nextDueOn),
    index('support_course_enrolments_late_idx')
      .on(t.organisationId, t.nextDueOn)
      .where(sql`status = 'active'`),
    index('support_course_enrolments_candidate_idx').on(t.organisationId, t.candidateId),
  ],
)

/** A step done by an enrolled candidate: its day, a comment, and the step's title as it was then. */
export const supportCourseProgress = pgTable(
  'support_course_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => supportCourseEnrolments.id),
    stepId: uuid('step_id')
      .notNull()
      .references(() => supportCourseSteps.id),
    stepTitle: text('step_title').notNull(),
    doneOn: date('done_on').notNull(),
    comment: text('comment'),
    /** A step of kind "atelier" or "prescription" done by what it refers to: the attendance, or the prescription. */
    workshopRegistrationId: uuid('workshop_registration_id').references(() => workshopRegistrations.id, {
      onDelete: 'set null',
    }),
    applyId: uuid('apply_id').references(() => socialApplies.id, { onDelete: 'set null' }),
    /** What was linked, as it read then ("Atelier « CV » du 03/12/2026"). */
    linkLabel: text('link_label'),
    actorId: text('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('support_course_progress_uq').on(t.enrolmentId, t.stepId)],
)

export const workshopStatusEnum = pgEnum('workshop_status', ['scheduled', 'cancelled'])

/** A collective session (atelier collectif) of the organisation, with seats, a waitlist and attendance. */
export const workshops = pgTable(
  'workshops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The title. */
    name: text('name').notNull(),
    theme: text('theme').notNull().default(''),
    /** Plain text; shown escaped. */
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Where: an address, or a video link. */
    addressFormatted: text('address_formatted'),
    videoUrl: text('video_url'),
    capacity: integer('capacity'),
    /** An optional partner structure that co-hosts it. */
    structureId: uuid('structure_id').references(() => partnerStructures.id),
    /** Funded by the FSE+: the sign-in sheet carries the mention. */
    fseFunded: boolean('fse_funded').notNull().default(false),
    status: workshopStatusEnum('status').notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Registered and waitlisted counts, kept in the registrations' transactions (the workshop row locked). */
    seatsTaken: integer('seats_taken').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /** The seated candidates' attendance, kept by a trigger on workshop_registrations (drizzle/0031): the statistics read them. */
    presentCount: integer('present_count').notNull().default(0),
    excusedCount: integer('excused_count').notNull().default(0),
    unexcusedCount: integer('unexcused_count').notNull().default(0),
    /**
     * Of those marked, the registrations booked from an invitation (invitation_id set), and those of them marked absent
     * without excuse: the statistics' invited share (the convoked are the rest). Kept by the same trigger (drizzle/0074).
     */
    invitedMarkedCount: integer('invited_marked_count').notNull().default(0),
    invitedAbsentCount: integer('invited_absent_count').notNull().default(0),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workshops_organisation_idx').on(t.organisationId, t.startsAt, t.id)],
)

/** The organisation's staff who run a workshop. */
export const workshopFacilitators = pgTable(
  'workshop_facilitators',
  {
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'workshop_facilitators_pk', columns: [t.workshopId, t.userId] }),
    index('workshop_facilitators_user_idx').on(t.userId),
  ],
)

export const workshopRegistrationStatusEnum = pgEnum('workshop_registration_status', [
  'registered',
  'waitlisted',
  'cancelled',
])
export const workshopAttendanceEnum = pgEnum('workshop_attendance', ['present', 'excused', 'unexcused'])

/** A candidate registered on a workshop, or on its waitlist (in order of registration). */
export const workshopRegistrations = pgTable(
  'workshop_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshops.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    status: workshopRegistrationStatusEnum('status').notNull(),
    attendance: workshopAttendanceEnum('attendance'),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    /** When its reminder (the day before, 10:00 Paris) was queued; reset when the workshop moves. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Booked from an invitation (lib/invitations): its reminder is the one 48 hours before, not the day-before notice. */
    invitationId: uuid('invitation_id'),
    /** The person confirmed by answering OUI to an SMS. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workshop_registrations_active_uq')
      .on(t.workshopId, t.candidateId)
      .where(sql`status <> 'cancelled'`),
    index('workshop_registrations_workshop_idx').on(t.workshopId, t.status, t.createdAt),
    index('workshop_registrations_candidate_idx').on(t.organisationId, t.candidateId),
  ],
)

/** Spec §3 "AMP list entry": kind 'social', with name and key. */
export const ampListEntries = pgTable('amp_list_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  key: text('key').notNull().unique(),
})

/** Who did what to which record. Details never hold personal data beyond ids. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The instant the row is written, not the transaction's start: the rows of one transaction keep their order. */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: text('actor_id').references(() => users.id),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    structureId: uuid('structure_id').references(() => partnerStructures.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at)],
)

/** In-app notices to a user (a partner's answer to the referent's prescription, say). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Ids and codes only: the text is built from them when shown. */
    payload: jsonb('payload').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt)],
)

/** When a user last opened /homePage ("answers received since the last visit"). */
export const userHomeVisits = pgTable('user_home_visits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
})
