import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { candidates, places } from './candidates'
import { organisations, partnerStructures } from './tenants'

export type OfferSourceInfo = { facts?: { label: string; text: string }[]; orientUrl?: string; sourceUrl?: string }

/** A partner structure's social offer (housing, mobility, health…): spec §3 "Social offer". */
export const socialOffers = pgTable(
  'social_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id),
    /** Identifier of the offer in its source (this product, or an external directory). */
    offerId: text('offer_id').notNull(),
    name: text('name').notNull(),
    /** 'passerelle' for offers created in this product; editable only then (spec §2). */
    source: text('source').notNull(),
    /** HTML; sanitized when shown or printed. */
    description: text('description').notNull().default(''),
    serviceStartDate: date('service_start_date'),
    serviceEndDate: date('service_end_date'),
    tags: text('tags').array().notNull().default([]),
    financingModes: text('financing_modes').array().notNull().default([]),
    providerName: text('provider_name').notNull(),
    providerWebsite: text('provider_website'),
    addressFormatted: text('address_formatted'),
    /** The town of the offer's own address ('76000 Rouen'), kept by PostgreSQL: the directory's "Lieu" (offerPlace). */
    addressPlace: text('address_place').generatedAlwaysAs(
      sql`substring(address_formatted from '(\\d{5}\\s+[^,]+?)\\s*$')`,
    ),
    contactComment: text('contact_comment'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactMail: text('contact_mail'),
    /**
     * What an imported data·inclusion service says beyond our columns (fees, publics, modes of reception,
     * area, hours, prerequisites, documents) as French label/text pairs, and its online form and source page.
     */
    sourceInfo: jsonb('source_info').$type<OfferSourceInfo>().notNull().default({}),
    /**
     * The places the partner publishes as free now (issue 40 §4); null: the offer publishes none and has no waitlist.
     * A pending prescription takes one; a refusal or an expiry gives it back; the first in line takes a freed one.
     */
    freePlaces: integer('free_places'),
    /** Who wrote the offer in Passerelle (null for imported and seeded ones). */
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('social_offers_structure_idx').on(t.structureId),
    // The directory's order (by name): its first page walks this index instead of sorting every visible offer.
    index('social_offers_name_idx').on(t.name, t.id),
    unique('social_offers_source_offer_uq').on(t.source, t.offerId),
    check('social_offers_free_places_check', sql`${t.freePlaces} >= 0`),
  ],
)

/**
 * Challenges ("freins": mobility, housing, health…) that group offer tags: spec §3 "Challenge". Rows without an
 * organisation are the product's defaults (the data·inclusion thématiques); an organisation that edits its list
 * gets its own rows (lib/offers/challenges.ts) and no longer sees the defaults.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    tags: text('tags').array().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('challenges_organisation_idx').on(t.organisationId, t.position)],
)

export const settingsListKindEnum = pgEnum('settings_list_kind', ['statusSocialTag', 'financingMode'])

/** Settings lists of spec §3: the status social tags and the financing modes, each {value, label}. */
export const settingsListEntries = pgTable(
  'settings_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null: the product-wide list. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    kind: settingsListKindEnum('kind').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
  },
  (t) => [unique('settings_list_entries_uq').on(t.organisationId, t.kind, t.value).nullsNotDistinct()],
)

export const jobOfferStatusEnum = pgEnum('job_offer_status', ['open', 'filled', 'closed'])

/** An enterprise's job offer, written by the organisation's staff. */
export const jobOffers = pgTable(
  'job_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id),
    title: text('title').notNull(),
    /** ROME code: a letter and 4 digits (K2204). */
    romeCode: text('rome_code'),
    /** HTML; sanitized on save and when shown. */
    description: text('description').notNull().default(''),
    /** cdi | cdd | interim | alternance | iae | stage (lib/jobs-directory/labels.ts). */
    contractType: text('contract_type'),
    /** full | part; weekly hours for part time (and optionally full time). */
    workingTime: text('working_time').notNull().default('full'),
    weeklyHours: numeric('weekly_hours', { precision: 4, scale: 1 }),
    /** The organisation's place (town) of the job, for the filters and the suggestions; the address is free text. */
    placeId: uuid('place_id').references(() => places.id),
    addressFormatted: text('address_formatted'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    positions: integer('positions').notNull().default(1),
    /** Placements at "embauché"; kept with the placement in one transaction, the offer row locked. */
    positionsFilled: integer('positions_filled').notNull().default(0),
    /** Gross monthly salary range in euros. */
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    status: jobOfferStatusEnum('status').notNull().default('open'),
    /** The offer's validity (spec §4 label): published from, until. */
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    searchText: text('search_text').generatedAlwaysAs(
      sql`passerelle_unaccent(lower(title || ' ' || coalesce(rome_code, '')))`,
    ),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_offers_organisation_idx').on(t.organisationId, t.title, t.id),
    index('job_offers_organisation_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('job_offers_organisation_start_idx').on(t.organisationId, t.startDate, t.id),
    index('job_offers_organisation_status_idx').on(t.organisationId, t.status),
    index('job_offers_enterprise_idx').on(t.enterpriseId),
    index('job_offers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** 14 digits; unique in the organisation (a duplicate points to the existing sheet). */
    siret: text('siret'),
    /** NAF (APE) code: 4 digits and a letter, as 62.01Z. */
    nafCode: text('naf_code'),
    addressFormatted: text('address_formatted'),
    notes: text('notes').notNull().default(''),
    /** Kept by the trigger on job_offers (drizzle/0025): the dashboard's counts and filters without a probe per row. */
    offersCount: integer('offers_count').notNull().default(0),
    openOffersCount: integer('open_offers_count').notNull().default(0),
    hiredCount: integer('hired_count').notNull().default(0),
    searchText: text('search_text').generatedAlwaysAs(
      sql`passerelle_unaccent(lower(name || ' ' || coalesce(siret, '') || ' ' || coalesce(address_formatted, '')))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enterprises_organisation_idx').on(t.organisationId, t.name, t.id),
    index('enterprises_organisation_created_idx').on(t.organisationId, t.createdAt, t.id),
    uniqueIndex('enterprises_organisation_siret_uq')
      .on(t.organisationId, t.siret)
      .where(sql`siret is not null`),
    index('enterprises_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/** An enterprise's contacts (name, role, phone, email), in the order entered. */
export const enterpriseContacts = pgTable(
  'enterprise_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role'),
    phone: text('phone'),
    email: text('email'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('enterprise_contacts_enterprise_idx').on(t.enterpriseId, t.position)],
)

export const placementStatusEnum = pgEnum('placement_status', [
  'proposed',
  'interview',
  'hired',
  'refused',
  'abandoned',
])

/** A candidate placed on a job offer ("positionné"); one per candidate and offer. */
export const jobPlacements = pgTable(
  'job_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    jobOfferId: uuid('job_offer_id')
      .notNull()
      .references(() => jobOffers.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    status: placementStatusEnum('status').notNull().default('proposed'),
    /** "Entretien prévu": when. */
    interviewAt: timestamp('interview_at', { withTimezone: true }),
    /** Why refused or abandoned. */
    reason: text('reason'),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('job_placements_offer_candidate_uq').on(t.jobOfferId, t.candidateId),
    index('job_placements_organisation_candidate_idx').on(t.organisationId, t.candidateId),
  ],
)

/** Each status a placement went through: the candidate sheet's history. */
export const jobPlacementEvents = pgTable(
  'job_placement_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placementId: uuid('placement_id')
      .notNull()
      .references(() => jobPlacements.id, { onDelete: 'cascade' }),
    status: placementStatusEnum('status').notNull(),
    interviewAt: timestamp('interview_at', { withTimezone: true }),
    reason: text('reason'),
    actorId: text('actor_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_placement_events_placement_idx').on(t.placementId, t.at)],
)
