import { date, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organisations, partnerStructures } from './tenants'

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
    contactComment: text('contact_comment'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactMail: text('contact_mail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_offers_structure_idx').on(t.structureId), unique('social_offers_source_offer_uq').on(t.source, t.offerId)],
)

/** Challenges (mobility, housing, health…) that group offer tags: spec §3 "Challenge". */
export const challenges = pgTable('challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  tags: text('tags').array().notNull().default([]),
})

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

export const jobOffers = pgTable(
  'job_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    enterpriseId: uuid('enterprise_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    contractType: text('contract_type'),
    addressFormatted: text('address_formatted'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_offers_organisation_idx').on(t.organisationId)],
)

export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    siret: text('siret'),
    addressFormatted: text('address_formatted'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enterprises_organisation_idx').on(t.organisationId)],
)
