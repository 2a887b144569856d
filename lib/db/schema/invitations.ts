import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { supportCourseSteps, workshopRegistrations, workshops } from './activities'
import { users } from './auth'
import { candidates } from './candidates'
import { organisations } from './tenants'

/**
 * pending → booked (a session taken, by the person or for them) | declined (NON by SMS) | cancelled (by a counsellor).
 * "Expired" is a pending invitation past `expires_at`: read, never written, so no job has to flip it on time.
 */
export const invitationStatusEnum = pgEnum('invitation_status', ['pending', 'booked', 'declined', 'cancelled'])

/**
 * An invitation to a workshop theme: the person picks their own session from a link (`/i/<CODE>`). The code is looked
 * up by its HMAC (`code_hash`) and kept sealed (`code_sealed`, AES-GCM under the app's secret) only so that reminders and
 * confirmations can carry the link again: a read of the table gives no code away.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    /** The workshops' theme (`workshops.theme`) the person is invited to. */
    theme: text('theme').notNull(),
    /**
     * A support-course step of kind "atelier" the invitation is for: the attendance marked present at the session it
     * led to marks the step done for the person's active enrolment (lib/support-courses/invited-steps.ts).
     */
    stepId: uuid('step_id').references(() => supportCourseSteps.id),
    /** 'sms', 'mail', 'letter': the channels it went by (and its reminders and confirmations go by). */
    channels: text('channels').array().notNull(),
    codeHash: text('code_hash').notNull().unique(),
    codeSealed: text('code_sealed').notNull(),
    /** The end of its validity (end of that day, Paris); null for an optional workshop's. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: invitationStatusEnum('status').notNull().default('pending'),
    /** The registration it led to (booked), kept when the person moves to another session. */
    registrationId: uuid('registration_id').references(() => workshopRegistrations.id),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** Who booked: the person (link or SMS reply) or a counsellor. */
    bookedBy: text('booked_by'),
    /** Wrong name checks in a row; at 5 the link is locked until `locked_until`. */
    failedChecks: integer('failed_checks').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A freed seat offered by SMS ("Répondez OUI"): the first to answer gets it, if it is still free. */
    offeredWorkshopId: uuid('offered_workshop_id').references(() => workshops.id),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** The day-3 reminder of a pending invitation. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_candidate_idx').on(t.organisationId, t.candidateId, t.theme, t.createdAt),
    index('invitations_theme_pending_idx')
      .on(t.organisationId, t.theme, t.expiresAt)
      .where(sql`status = 'pending'`),
    index('invitations_pending_created_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending' and reminded_at is null`),
    index('invitations_registration_idx').on(t.registrationId),
    check(
      'invitations_channels_ck',
      sql`channels <@ array['sms','mail','letter']::text[] and cardinality(channels) > 0`,
    ),
    check('invitations_booked_by_ck', sql`booked_by is null or booked_by in ('person', 'counsellor')`),
  ],
)

/** An organisation's validity for one theme's invitations (none: 10 days); `optional`: no limit. */
export const invitationThemes = pgTable(
  'invitation_themes',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    theme: text('theme').notNull(),
    validityDays: integer('validity_days').notNull().default(10),
    optional: boolean('optional').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invitation_themes_pk', columns: [t.organisationId, t.theme] }),
    check('invitation_themes_validity_ck', sql`validity_days between 4 and 90`),
  ],
)

/** The nightly "no seat left" mail: one per organisation, theme and day. */
export const invitationSeatAlerts = pgTable(
  'invitation_seat_alerts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    theme: text('theme').notNull(),
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'invitation_seat_alerts_pk', columns: [t.organisationId, t.theme, t.day] })],
)
