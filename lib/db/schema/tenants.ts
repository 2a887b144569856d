import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** A département, a local mission, an association: the owner of candidates and of its users. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  /** Printed on prescription sheets (the prescriber's structure address). */
  addressFormatted: text('address_formatted'),
  /** /v2/actions/dashboard: a prescription without answer for more than this many days needs a follow-up. */
  answerReminderDays: integer('answer_reminder_days').notNull().default(10),
  /** Issue 15: a prescription still unanswered this many days after it was made expires (after its one reminder). */
  prescriptionExpiryDays: integer('prescription_expiry_days').notNull().default(60),
  /** Issue 15 (RGPD): a candidate without activity for this many days is anonymised by the nightly job. */
  retentionDays: integer('retention_days').notNull().default(730),
  /** SMS sending hours, Europe/Paris: minutes after midnight [start, end) on the ISO weekdays listed (1 = Monday). */
  smsWindowStartMinute: integer('sms_window_start_minute').notNull().default(8 * 60),
  smsWindowEndMinute: integer('sms_window_end_minute').notNull().default(20 * 60),
  smsWindowDays: integer('sms_window_days').array().notNull().default(sql`'{1,2,3,4,5,6}'::integer[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A partner structure (housing, mobility, health…) that publishes social offers and answers prescriptions. */
export const partnerStructures = pgTable(
  'partner_structures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organisation that registered the structure as a partner; null for a structure shared by all. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    addressFormatted: text('address_formatted'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_structures_organisation_idx').on(t.organisationId)],
)
