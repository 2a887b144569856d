import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organisations, partnerStructures } from './tenants'

/** better-auth's user table, with Passerelle's role and tenant membership. */
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    /** One of ROLES in lib/permissions.ts. */
    role: text('role').notNull().default('counsellor'),
    /** When set, replaces the role's permissions for this user (edited in /v2/settings/permissions). */
    permissions: text('permissions').array(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    structureId: uuid('structure_id').references(() => partnerStructures.id),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * A partner user who runs their structure (its details, offers and partner users): the first one invited gets it and
     * can hand it on (lib/partners/running.ts). Meaningless for organisation users.
     */
    structureAdmin: boolean('structure_admin').notNull().default(false),
    /** better-auth's two-factor plugin: a second factor is asked at sign-in (forced on for the users who must have one, see lib/auth/two-factor-policy.ts). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Onboarding: done once (null: the next page of the main layout leads to /onboarding). */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    jobTitle: text('job_title'),
    /** The version of the terms of use accepted (lib/onboarding/terms.ts); another one asks again. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Emails the user chose to receive: partners' answers to their prescriptions, orientations received, late items. */
    notifyPrescriptionAnswers: boolean('notify_prescription_answers').notNull().default(true),
    notifyOrientations: boolean('notify_orientations').notNull().default(true),
    notifyLateItems: boolean('notify_late_items').notNull().default(true),
    /**
     * A partner user's mails about their structure's prescriptions (lib/prescriptions/digest.ts): 'perPrescription' (one
     * mail per new prescription and per reminder), 'daily' (one digest at 8:00 Paris, Monday to Friday) or 'weekly'
     * (Monday 8:00). Meaningless for organisation users.
     */
    prescriptionMails: text('prescription_mails').notNull().default('daily'),
  },
  (t) => [
    index('user_organisation_idx').on(t.organisationId),
    index('user_structure_idx').on(t.structureId),
    check('user_prescription_mails_check', sql`${t.prescriptionMails} in ('perPrescription', 'daily', 'weekly')`),
  ],
)

/**
 * One row per partner user and digest day (Paris, 'yyyy-mm-dd'), inserted in the transaction that queues the digest
 * mail: a second run of the job that day, or one beside it, sends nothing more. `created_at` is when the digest was
 * made: the next one marks the prescriptions made since as new.
 */
export const partnerDigests = pgTable(
  'partner_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** 'daily' or 'weekly': the user's choice when it was sent. */
    mode: text('mode').notNull(),
    /** How many prescriptions it listed. */
    listed: integer('listed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'partner_digests_pk', columns: [t.userId, t.period] })],
)

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Last request seen with this session: past the idle timeout the session ends (lib/auth/active-session.ts). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The identity provider this session signed in through (null: password), for its logout (end-session). */
    signInProvider: text('sign_in_provider'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
)

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One identity of a provider is one user's: two links racing for it cannot both land.
  (t) => [
    index('account_user_idx').on(t.userId),
    uniqueIndex('account_provider_account_uq').on(t.providerId, t.accountId),
  ],
)

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

/** better-auth's two-factor plugin: a user's authenticator-app (TOTP) secret and backup codes, both encrypted. */
export const twoFactors = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_idx').on(t.userId)],
)

/** better-auth's rate limiter (storage 'database'): one row per client and endpoint, shared by every app process. */
export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * Failed (or still pending) sign-in, reset and code attempts, one row each, counted over a rolling hour per
 * bucket (an account or an IP address: lib/auth/throttle.ts). Buckets hold hashes, never an address in clear.
 */
export const authAttempts = pgTable(
  'auth_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempt_bucket_idx').on(t.bucket, t.createdAt)],
)
