import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** A département, a local mission, an association: the owner of candidates and of its users. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  /** Printed on prescription sheets (the prescriber's structure address). */
  addressFormatted: text('address_formatted'),
  /** /v2/actions/dashboard: a prescription without answer for more than this many days needs a follow-up. */
  answerReminderDays: integer('answer_reminder_days').notNull().default(10),
  /** A prescription still unanswered this many days after it was made expires (after its one reminder). */
  prescriptionExpiryDays: integer('prescription_expiry_days').notNull().default(60),
  /** RGPD: a candidate without activity for this many days is anonymised by the nightly job. */
  retentionDays: integer('retention_days').notNull().default(730),
  /** SMS sending hours, Europe/Paris: minutes after midnight [start, end) on the ISO weekdays listed (1 = Monday). */
  smsWindowStartMinute: integer('sms_window_start_minute')
    .notNull()
    .default(8 * 60),
  smsWindowEndMinute: integer('sms_window_end_minute')
    .notNull()
    .default(20 * 60),
  smsWindowDays: integer('sms_window_days')
    .array()
    .notNull()
    .default(sql`'{1,2,3,4,5,6}'::integer[]`),
  /** The read journal (who read which person's file) is kept this many months, 6 to 12, then purged by retention. */
  journalRetentionMonths: integer('journal_retention_months').notNull().default(6),
  /** The second factor also covers the roles that may read the NIR or export candidates (on by default). */
  twoFactorForSensitive: boolean('two_factor_for_sensitive').notNull().default(true),
  /** Shown to a person whose invitation expired, and where the "no seat left" alerts go. */
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A partner structure (housing, mobility, health…) that publishes social offers and answers prescriptions. */
export const partnerStructures = pgTable(
  'partner_structures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The organisation that first registered the structure; null for a structure shared by all. Who works with it is
     * organisation_partner_structures (one SIRET is one structure, linked by every organisation that uses it).
     */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    /** 14 digits, unique: a second organisation links to the existing structure instead of duplicating it. */
    siret: text('siret'),
    addressFormatted: text('address_formatted'),
    /** The town of the address ('76000 Rouen'), kept by PostgreSQL: the place of its offers that have no address. */
    addressPlace: text('address_place').generatedAlwaysAs(
      sql`substring(address_formatted from '(\\d{5}\\s+[^,]+?)\\s*$')`,
    ),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    /** Plain text, shown on the structure's sheet. */
    presentation: text('presentation').notNull().default(''),
    /** The structure's data·inclusion id ('dora--42'), so that a services file finds it without a SIRET. */
    dataInclusionId: text('data_inclusion_id'),
    /** Lower-cased, accent-free haystack for the list's trigram search (name, SIRET). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`passerelle_unaccent(lower(name || ' ' || coalesce(siret, '')))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_structures_organisation_idx').on(t.organisationId),
    uniqueIndex('partner_structures_siret_uq')
      .on(t.siret)
      .where(sql`siret is not null`),
    uniqueIndex('partner_structures_data_inclusion_uq')
      .on(t.dataInclusionId)
      .where(sql`data_inclusion_id is not null`),
    index('partner_structures_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/** The partner structures an organisation works with (its directory, its prescriptions, its models). */
export const organisationPartnerStructures = pgTable(
  'organisation_partner_structures',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'organisation_partner_structures_pk', columns: [t.organisationId, t.structureId] }),
    index('organisation_partner_structures_structure_idx').on(t.structureId),
  ],
)

/**
 * Another organisation asks for a partner account to be invited on a structure it works with; those who run the
 * structure (its administrator, or the creating organisation while it has no partner user) accept or refuse it.
 */
export const structureAccountRequests = pgTable(
  'structure_account_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id),
    /** The asking organisation and its user. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    requestedById: text('requested_by_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** pending, accepted or refused. */
    status: text('status').notNull().default('pending'),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('structure_account_requests_structure_idx').on(t.structureId, t.status),
    uniqueIndex('structure_account_requests_pending_uq')
      .on(t.structureId, t.email)
      .where(sql`status = 'pending'`),
  ],
)
