import { sql } from 'drizzle-orm'
import { boolean, customType, date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { candidates } from './candidates'
import { socialOffers } from './offers'
import { organisations, partnerStructures } from './tenants'

/** Spec §4, application tabs. */
export const applyStateEnum = pgEnum('apply_state', [
  'PRESCRIPTION_FILLED',
  'INTEGRATED_CANDIDATE',
  'REFUSED_STRUCTURE',
  'EXPIRED',
  // Prescribed to an offer whose published places were all taken: in line for the next one (lib/prescriptions/waitlist.ts).
  'WAITLISTED',
])

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** Generated or uploaded files (prescription sheets, FUP answers). */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A prescription of a candidate to a partner's social offer, and its answer (spec §3 "Social apply"). */
export const socialApplies = pgTable(
  'social_applies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The candidate's organisation (the prescriber's tenant). */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The partner structure that owns the offer (the answering tenant). */
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id),
    socialOfferId: uuid('social_offer_id')
      .notNull()
      .references(() => socialOffers.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    state: applyStateEnum('state').notNull().default('PRESCRIPTION_FILLED'),
    archived: boolean('archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The prescription sheet ('Fiche.pdf'); null for a manual prescription. */
    prescriptionDocumentId: uuid('prescription_document_id').references(() => documents.id),
    prescriptionDate: timestamp('prescription_date', { withTimezone: true }).notNull().defaultNow(),
    responseDate: timestamp('response_date', { withTimezone: true }),
    /**
     * When it joined the offer's waitlist (its rank is its place in that order); kept once it leaves the line. When a
     * place frees it, prescription_date becomes that instant: the partner's answer is awaited from then.
     */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    /** When the partner's users were reminded of it (once), and when it expired unanswered. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    firstReceptionDate: date('first_reception_date'),
    assessmentDate: date('assessment_date'),
    /** Refusal cause code (lib/prescriptions/cause-labels.ts). */
    cause: text('cause'),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    /** Name of the structure that accompanies the candidate (spec: accompaniement). */
    accompaniement: text('accompaniement'),
    /**
     * Copies of the candidate's place and status, kept by triggers (drizzle/0007): the offer page filters on them
     * from its ordered indexes alone, without visiting every candidate of a busy offer. Never written by the app.
     */
    candidatePlaceId: uuid('candidate_place_id'),
    candidateStatusId: uuid('candidate_status_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The offer page's ordered indexes (with INCLUDE) and the offer→structure statistics live in the
    // hand-written migration drizzle/0004_offer_page_indexes.sql: drizzle-kit cannot express them; so does the
    // directory indicator's (organisation, structure, prescription date) INCLUDE (response date, state, archived),
    // in drizzle/0036_apply_counts_organisation.sql; so does each candidate's other integrated offers
    // (candidate) INCLUDE (id, offer, response date) where integrated and not archived, in drizzle/0040_response_cache.sql;
    // so do the statistics' answer delays' (organisation, prescription date) INCLUDE (structure, offer, state, response
    // date, sheet, id), in drizzle/0063_answer_delays_index.sql.
    index('social_applies_structure_state_idx').on(t.structureId, t.state, t.archived),
    index('social_applies_candidate_idx').on(t.candidateId),
    index('social_applies_organisation_idx').on(t.organisationId, t.state),
    // The referent's lists (/v2/candidates/fup, actions dashboard): newest first for the organisation or one author,
    // and the offers an organisation prescribed to (docs/decisions/0010).
    index('social_applies_organisation_date_idx').on(
      t.organisationId,
      t.prescriptionDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('social_applies_author_date_idx').on(
      t.authorId,
      t.prescriptionDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('social_applies_offer_organisation_idx').on(t.socialOfferId, t.organisationId),
    // The hourly reminder and expiry run reads the pending prescriptions by age alone (lib/prescriptions/reminders.ts).
    index('social_applies_pending_date_idx')
      .on(t.prescriptionDate)
      .where(sql`state = 'PRESCRIPTION_FILLED'`),
    // The prescriptions late for an answer (home page, actions dashboard): the organisation's waiting ones by age, read
    // from the index alone, oldest first for the list, the recent ones for the count (lib/prescriptions/queries.ts).
    index('social_applies_organisation_waiting_idx')
      .on(t.organisationId, t.prescriptionDate)
      .where(sql`state = 'PRESCRIPTION_FILLED' and not archived`),
    // The partner dashboard's latest archives and latest waiting prescriptions, in the order shown (bench: 55 and 12 ms
    // reading and sorting every archive, or walking every structure's waiting ones, of a busy structure).
    index('social_applies_structure_archived_idx')
      .on(t.structureId, t.archivedAt.desc().nullsFirst())
      .where(sql`archived`),
    index('social_applies_structure_waiting_idx')
      .on(t.structureId, t.prescriptionDate.desc().nullsFirst())
      .where(sql`state = 'PRESCRIPTION_FILLED' and not archived`),
    // Its prescriptions expired unanswered, latest first (lib/prescriptions/partner-lists.ts): the busiest structure's
    // 437 expired ones were read, 171 joined to their candidates and sorted for the 10 shown (1.7 ms; 11 cold). Only
    // the expiry writes expired_at (reminders.ts); the predicate does not name 'EXPIRED', which a fresh database adds
    // to the enum in the same transaction as this index (drizzle/0013), where PostgreSQL refuses to use it.
    index('social_applies_structure_expired_idx')
      .on(t.structureId, t.expiredAt.desc().nullsFirst())
      .where(sql`expired_at is not null and not archived`),
    // The structures directory's response indicator: an organisation's prescriptions to a structure still waiting from
    // before the indicator's 90 days (lib/partners/queries.ts), one range each rather than every older prescription.
    index('social_applies_organisation_structure_waiting_idx')
      .on(t.organisationId, t.structureId, t.prescriptionDate)
      .where(sql`state = 'PRESCRIPTION_FILLED' and not archived`),
  ],
)

export type FupAddress = { formatted: string; isQPV: boolean }
export type FupAdditionalField = {
  key: string
  label: string
  type: 'number' | 'text' | 'bool' | 'date' | 'list' | 'listMultiple'
  value: string | number | boolean | string[] | null
  /** A list's choices, so that the sheet shows labels; absent on older sheets. */
  options?: { value: string; label: string }[]
  /** Asked by the FUP model at prescription (not a field of the candidate's record). */
  fromModel?: boolean
}
export type FupBeneficiary = {
  gender: 'F' | 'M' | null
  birthDate: string | null
  address: FupAddress | null
  phone: string | null
  email: string | null
  socialSecurityNumber: string | null
  cafNumber: string | null
  poleEmploiNumber: string | null
  additionalFields: FupAdditionalField[]
}
export type FupPrescription = {
  rsaReferentName: string
  email: string
  phone: string
  structure: string
  address: string
  goal: string
  validatePrescription: boolean
  approveDemand: boolean
  prescriptionDate: string
}
export type FupConvocation = { date: string | null; reason: 'excusedAbsence' | 'unexcusedAbsence' | null }
export type FupDecision = {
  partnerDecision: 'integrated' | 'notIntegrated' | null
  cause: string | null
  firstReceptionDate: string | null
  assessmentDate: string | null
  firstConvocation: FupConvocation | null
  secondConvocation: FupConvocation | null
  thirdConvocation: FupConvocation | null
}
export type FupPartnerFeedback = {
  accompanierName: string
  name: string
  email: string
  phone: string
  address: string
  decision: FupDecision
}
export type FupSponsorLogo = { label: string; value: string; uri: string; required: boolean }

/** The follow-up sheet of a prescription (spec §3 "FUP"). */
export const fups = pgTable('fups', {
  id: uuid('id').primaryKey().defaultRandom(),
  socialApplyId: uuid('social_apply_id')
    .notNull()
    .unique()
    .references(() => socialApplies.id),
  name: text('name').notNull(),
  beneficiary: jsonb('beneficiary').$type<FupBeneficiary>().notNull(),
  prescription: jsonb('prescription').$type<FupPrescription>().notNull(),
  partnerFeedback: jsonb('partner_feedback').$type<FupPartnerFeedback>(),
  sponsorsLogo: jsonb('sponsors_logo')
    .$type<FupSponsorLogo[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The partner's answer PDF, once sent. */
  answerDocumentId: uuid('answer_document_id').references(() => documents.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
