import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { organisations } from './tenants'

export const genderEnum = pgEnum('gender', ['F', 'M'])
export const customFieldTypeEnum = pgEnum('custom_field_type', [
  'number',
  'text',
  'bool',
  'date',
  'list',
  'listMultiple',
])

/** Places of residence an organisation sorts its candidates by (spec §3: place {_id, placeLabel}). */
export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    label: text('label').notNull(),
  },
  (t) => [unique('places_organisation_label_uq').on(t.organisationId, t.label)],
)

/** Candidate statuses of an organisation's settings (spec §3: status {value, label}). */
export const candidateStatuses = pgTable(
  'candidate_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    value: text('value').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('candidate_statuses_organisation_value_uq').on(t.organisationId, t.value)],
)

export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: customFieldTypeEnum('type').notNull(),
    /** Choices of list and listMultiple fields. */
    options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** An archived field leaves the forms; the values candidates have keep in their record. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [unique('custom_field_definitions_organisation_key_uq').on(t.organisationId, t.key)],
)

export type CustomFieldValue = string | number | boolean | string[] | null

export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: genderEnum('gender'),
    birthDate: date('birth_date'),
    addressFormatted: text('address_formatted'),
    addressIsQpv: boolean('address_is_qpv').notNull().default(false),
    phone: text('phone'),
    email: text('email'),
    /**
     * The NIR, encrypted (lib/crypto/nir-cipher.ts: `v1:<key id>:…`, AES-256-GCM). Never selected by list queries,
     * never exported, never logged; decrypting it is reveal-nir.ts, which writes an audit and a journal row.
     */
    nirEncrypted: text('nir_encrypted'),
    /** HMAC of the normalised NIR under a key derived from the NIR key: the duplicate checks compare it, never the NIR. */
    nirBlindIndex: text('nir_blind_index'),
    /**
     * The NIR's first five characters (sex, birth year and month, already told by gender and birth_date): what the
     * sheet shows masked, without decrypting anything.
     */
    nirPrefix: text('nir_prefix'),
    cafNumber: text('caf_number'),
    poleEmploiNumber: text('pole_emploi_number'),
    placeId: uuid('place_id').references(() => places.id),
    statusId: uuid('status_id').references(() => candidateStatuses.id),
    referentId: text('referent_id').references(() => users.id),
    /** Set when the candidate answered STOP (or the provider said they unsubscribed): nothing is sent to them. */
    smsOptedOutAt: timestamp('sms_opted_out_at', { withTimezone: true }),
    /** Set by the retention job (lib/retention): the row stays for the statistics, its personal data is gone. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    customFields: jsonb('custom_fields').$type<Record<string, CustomFieldValue>>().notNull().default({}),
    /** Lower-cased, accent-free haystack for the trigram search (names, phone, email). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`passerelle_unaccent(lower(first_name || ' ' || last_name || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '')))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidates_organisation_name_idx').on(t.organisationId, t.lastName, t.firstName),
    index('candidates_organisation_place_idx').on(t.organisationId, t.placeId),
    index('candidates_organisation_status_idx').on(t.organisationId, t.statusId),
    index('candidates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('candidates_organisation_referent_idx').on(t.organisationId, t.referentId),
    // The dashboard's "Date de création" sort (docs/decisions/0010).
    index('candidates_organisation_created_idx').on(t.organisationId, t.createdAt, t.id),
    // Duplicate checks: the same NIR (by its blind index), or the same birth date (then names compared unaccented).
    index('candidates_organisation_nir_blind_index_idx')
      .on(t.organisationId, t.nirBlindIndex)
      .where(sql`nir_blind_index is not null`),
    index('candidates_organisation_birth_date_idx').on(t.organisationId, t.birthDate),
    // The retention run and its preview start from the candidates not touched since the cut-off (lib/retention).
    index('candidates_organisation_retention_idx')
      .on(t.organisationId, t.updatedAt)
      .where(sql`anonymised_at is null`),
    // The suggestions: the followed candidates of a place, or of a département, most recently active first.
    index('candidates_suggestions_place_idx')
      .on(t.organisationId, t.placeId, t.updatedAt.desc())
      .where(sql`anonymised_at is null and referent_id is not null`),
    index('candidates_suggestions_departement_idx')
      .on(t.organisationId, sql`substring(address_formatted from '(\\d{2})\\d{3}')`, t.updatedAt.desc())
      .where(sql`anonymised_at is null and referent_id is not null`),
  ],
)
