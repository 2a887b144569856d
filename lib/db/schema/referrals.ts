import { sql } from 'drizzle-orm'
import { check, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { candidates, places } from './candidates'
import { organisations } from './tenants'

/**
 * An organisation's referral links ("Formulaires d'orientation"). A prescriber without an account opens
 * /referral-form/informations/{token}; the token is random (24 bytes, base64url) and is the link's only public name.
 * Only its hash is kept, as for the diagnosis link: a read of the table opens no form.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** SHA-256 (hex) of the token: the token is shown once, when the link is created, and never kept. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first 4 characters, to tell links apart in the settings: 24 of its 192 bits, nothing to guess with. */
    tokenHint: text('token_hint').notNull(),
    /** Who the link was given to ("CCAS de Dieppe"). */
    label: text('label').notNull(),
    /** Receives a link to each new orientation, never the person's data. */
    notifyEmail: text('notify_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdById: text('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_links_token_hash_uq').on(t.tokenHash),
    index('referral_links_organisation_idx').on(t.organisationId, t.createdAt),
  ],
)

export const orientationStatusEnum = pgEnum('orientation_status', ['pending', 'accepted', 'declined'])

/**
 * A person oriented through a referral link: what the prescriber wrote, until a counsellor accepts it (a candidate is
 * created) or declines it with a reason.
 */
export const orientations = pgTable(
  'orientations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    linkId: uuid('link_id')
      .notNull()
      .references(() => referralLinks.id),
    status: orientationStatusEnum('status').notNull().default('pending'),
    prescriberName: text('prescriber_name').notNull(),
    prescriberStructure: text('prescriber_structure').notNull(),
    prescriberEmail: text('prescriber_email').notNull(),
    prescriberPhone: text('prescriber_phone'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date'),
    phone: text('phone'),
    email: text('email'),
    addressFormatted: text('address_formatted'),
    placeId: uuid('place_id').references(() => places.id),
    /** The needs chosen among the organisation's challenges, by name as they read then. */
    needs: text('needs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    situation: text('situation').notNull().default(''),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: text('decided_by_id').references(() => users.id),
    declineReason: text('decline_reason'),
    candidateId: uuid('candidate_id').references(() => candidates.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Orientations reçues": the organisation's pending ones, oldest first; the late ones are a range of it.
    index('orientations_organisation_status_idx').on(t.organisationId, t.status, t.createdAt),
    index('orientations_link_idx').on(t.linkId),
    check('orientations_decision_ck', sql`(status = 'pending') = (decided_at is null)`),
  ],
)
