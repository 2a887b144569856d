import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { candidates } from './candidates'
import { organisations, partnerStructures } from './tenants'

/** An organisation's SMS templates (/v2/settings/templates); archived ones stay for the messages that used them. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_templates_organisation_idx').on(t.organisationId)],
)

/**
 * An SMS's life: queued (waiting for its time or a worker) → sending (claimed by a worker: the provider may have it)
 * → sent → delivered | undelivered, or failed; cancelled before it left. Replies are `received`.
 */
export const smsStatusEnum = pgEnum('sms_status', [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'cancelled',
  'received',
  'unknown',
])
export const smsDirectionEnum = pgEnum('sms_direction', ['outbound', 'inbound'])

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    direction: smsDirectionEnum('direction').notNull().default('outbound'),
    /** The writer of an outbound message; null for the app's own (convocations, reminders) and for replies. */
    authorId: text('author_id').references(() => users.id),
    /** What caused it: 'sheet', 'bulk', or a module's own kind ('workshop.convocation'…). */
    kind: text('kind').notNull().default('sheet'),
    /** The text as shown and exported: a diagnosis link's token or an invitation's code is replaced by '…' (lib/sms/sealed-body.ts). */
    body: text('body').notNull(),
    /**
     * The whole text, sealed, while it carries a diagnosis link and is on its way: the sender and the reconcile read it;
     * a trigger (drizzle/0056) forgets it once the message leaves `queued` and `sending`.
     */
    sealedBody: text('sealed_body'),
    /** E.164. Outbound: the candidate's mobile; inbound: our number or sender. */
    toNumber: text('to_number').notNull(),
    fromNumber: text('from_number'),
    status: smsStatusEnum('status').notNull().default('queued'),
    /** Twilio's error code (21211…), or ours ('optedOut', 'notMobile', 'attempts') when we stopped it. */
    errorCode: text('error_code'),
    providerSid: text('provider_sid'),
    segments: integer('segments').notNull().default(1),
    /** When it may leave: its scheduled time, or the start of the organisation's sending hours. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker claimed it for the provider: a retry finding it still `sending` reconciles from there. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** The attempt that holds it (lib/delivery/attempt.ts): every write of an attempt checks it is still this one. */
    attemptId: uuid('attempt_id'),
    /** Until when that attempt holds it (database time); past it, the sweep reconciles the message. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Written, and committed, just before the provider call: null proves this attempt never called the provider. */
    callingAt: timestamp('calling_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    batchId: uuid('batch_id'),
    templateId: uuid('template_id').references(() => smsTemplates.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order messages were queued in: a candidate's leave in this order (lib/sms/send-queued-sms.ts). */
    queuedSeq: bigserial('queued_seq', { mode: 'number' }).notNull(),
    /** The rate slot reserved for it, in the database's time, its job scheduled there (lib/jobs/rate-limit.ts). */
    slotAt: timestamp('slot_at', { withTimezone: true }),
  },
  (t) => [
    // A candidate's earlier messages still on their way (lib/sms/send-queued-sms.ts keeps their order).
    index('sms_messages_candidate_seq_idx').on(t.candidateId, t.queuedSeq),
    // The thread's covering index (INCLUDE) is in the hand-written migration drizzle/0011: drizzle-kit cannot express it.
    uniqueIndex('sms_messages_provider_sid_uq')
      .on(t.providerSid)
      .where(sql`provider_sid is not null`),
    // A reply finds the last message sent to its number.
    index('sms_messages_to_number_idx')
      .on(t.toNumber, t.createdAt.desc())
      .where(sql`direction = 'outbound'`),
    index('sms_messages_batch_idx')
      .on(t.batchId)
      .where(sql`batch_id is not null`),
    // Administrators' list of failed sends (status 'failed' or 'unknown', lib/settings/failed-sends.ts): a range of each
    // status. The status is a column, not the predicate: 'unknown' came in drizzle/0049, and a new database runs every
    // migration in one transaction, where PostgreSQL refuses an enum value added in it (55P04). A predicate of
    // 'failed' alone left the list a scan of every message of every organisation (52 ms at 200 000 messages).
    index('sms_messages_organisation_status_idx')
      .on(t.organisationId, t.status, t.statusAt)
      .where(sql`direction = 'outbound'`),
    // The messages on their way whose callbacks may be lost (lib/sms/refresh-status.ts): status first, not in the
    // predicate, since on a new database the migrations run in one transaction after the one that adds 'sending' to the
    // enum, and PostgreSQL refuses an enum value in the transaction that added it (55P04).
    index('sms_messages_status_idx')
      .on(t.status, t.statusAt)
      .where(sql`provider_sid is not null`),
    // The sweep's read (lib/sms/sweep.ts): the attempts whose lease passed.
    index('sms_messages_lease_idx')
      .on(t.leaseUntil)
      .where(sql`lease_until is not null`),
  ],
)

/** A bulk send from the candidates dashboard: its messages carry its id; the candidates left out are in sms_batch_skips. */
export const smsBatches = pgTable(
  'sms_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    templateId: uuid('template_id').references(() => smsTemplates.id),
    requested: integer('requested').notNull(),
    queued: integer('queued').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_batches_organisation_idx').on(t.organisationId, t.createdAt)],
)

export const smsBatchSkips = pgTable(
  'sms_batch_skips',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => smsBatches.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id),
    /** 'noMobile', 'optedOut' or 'tooLong'. */
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.candidateId] })],
)

export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sending', 'sent', 'failed', 'unknown'])

/**
 * Mail waiting for (or given to) the mail server. Written in the transaction of the change that causes it; a job of
 * the queue sends it. The text is sealed (it may hold a reset link or a code) and erased once sent.
 */
export const outboundMails = pgTable(
  'outbound_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    structureId: uuid('structure_id').references(() => partnerStructures.id),
    /** What it is ('reset-password', 'fup-answer'…): shown to administrators when it failed. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    sealedText: text('sealed_text'),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    /** The attempt that holds it, its lease and its 'calling' marker: as sms_messages' (lib/delivery/attempt.ts). */
    attemptId: uuid('attempt_id'),
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    callingAt: timestamp('calling_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The administrators' list of failed sends, as sms_messages_organisation_status_idx.
    index('outbound_mails_organisation_status_idx').on(t.organisationId, t.status, t.statusAt),
    index('outbound_mails_lease_idx')
      .on(t.leaseUntil)
      .where(sql`lease_until is not null`),
  ],
)

/** One row per rate limit (the SMS provider's messages per second): the next free slot, shared by every worker. */
export const rateSlots = pgTable('rate_slots', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
})

/**
 * An organisation's own text for one of the workshops' SMS (convocation, reminder, change, cancellation,
 * promotion); without a row, Passerelle's default (lib/workshops/notices.ts).
 */
export const workshopNoticeTemplates = pgTable(
  'workshop_notice_templates',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    updatedById: text('updated_by_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.kind] }),
    check(
      'workshop_notice_templates_kind_ck',
      sql`kind in ('convocation', 'reminder', 'change', 'cancellation', 'promotion', 'invitation', 'invitationReminder', 'booking', 'bookingReminder', 'seatOffer')`,
    ),
  ],
)
