import { sql } from 'drizzle-orm'
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { applyStateEnum } from './applies'
import { organisations, partnerStructures } from './tenants'

/**
 * The statistics' prescription counts, per organisation, month of prescription (Paris), partner
 * structure, state, refusal cause ('' when none) and days to the answer (-1 when unanswered). Ids and codes only:
 * no personal data, so they survive the RGPD retention as they are.
 *
 * Kept by a trigger on social_applies (drizzle custom migration) that only appends to stats_apply_deltas — one row of
 * +1 for the new key and one of -1 for the old — so that no two transactions ever wait on one counter. A job folds
 * the deltas into stats_apply_months every minute; a read sums both, so it is exact at any moment.
 */
export const statsApplyMonths = pgTable(
  'stats_apply_months',
  {
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    cause: text('cause').notNull().default(''),
    responseDays: integer('response_days').notNull().default(-1),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_apply_months_pk',
      columns: [t.organisationId, t.month, t.structureId, t.state, t.cause, t.responseDays],
    }),
    // The structures' medians read (response_days, n) from the index alone: a big organisation's top 20 structures
    // hold about 10 000 counters a year.
    index('stats_apply_months_structure_idx').on(t.organisationId, t.structureId, t.month, t.responseDays, t.n),
  ],
)

export const statsApplyDeltas = pgTable(
  'stats_apply_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    cause: text('cause').notNull().default(''),
    responseDays: integer('response_days').notNull().default(-1),
    n: integer('n').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('stats_apply_deltas_organisation_idx').on(t.organisationId, t.month)],
)

/**
 * A rollup of the same counters, folded by the same job in the same statement (never by the trigger): the
 * organisation's counts per month, state and cause (the charts without a structure filter read a few hundred rows
 * instead of every structure's).
 */
export const statsApplyOrgMonths = pgTable(
  'stats_apply_org_months',
  {
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    state: applyStateEnum('state').notNull(),
    cause: text('cause').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'stats_apply_org_months_pk', columns: [t.organisationId, t.month, t.state, t.cause] })],
)

/**
 * The statistics' workshop attendance, per organisation, month of the session (Paris), theme and measure: 'present',
 * 'excused', 'unexcused', 'seated' (registered, marked or not), 'invited_marked' and 'invited_absent' (the invited
 * share of the marked and of the absent without excuse). Sums of the scheduled sessions' own counters (workshops:
 * seats_taken, present_count…), so that the page reads a few dozen rows rather than a year of sessions.
 *
 * Kept like stats_apply_months: a trigger on workshops (drizzle/0074) only appends to stats_workshop_deltas (the old
 * key's counters subtracted, the new one's added), in the transaction that changed the session or its registrations;
 * the job compact-stats folds the deltas in every minute, and a read sums both, so it is exact at any moment.
 * Ids, themes and counts only.
 */
export const statsWorkshopMonths = pgTable(
  'stats_workshop_months',
  {
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    theme: text('theme').notNull(),
    measure: text('measure').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'stats_workshop_months_pk', columns: [t.organisationId, t.month, t.theme, t.measure] })],
)

export const statsWorkshopDeltas = pgTable(
  'stats_workshop_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    theme: text('theme').notNull(),
    measure: text('measure').notNull(),
    n: integer('n').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('stats_workshop_deltas_organisation_idx').on(t.organisationId, t.month)],
)

/**
 * The statistics' SMS delivery, per organisation, month the message was written (Paris) and status: how many outbound
 * SMS are in each `sms_status` ('queued', 'sent', 'delivered', 'failed'…), so that the page reads a few dozen rows
 * rather than a year of messages. Kept like stats_workshop_months: a trigger on sms_messages
 * (drizzle/0077) appends to stats_sms_deltas (-1 for the old status, +1 for the new one) in the transaction that wrote
 * the message or its status; the job compact-stats folds them in every minute, and a read sums both, so it is exact
 * at any moment. Ids, months and counts only.
 */
export const statsSmsMonths = pgTable(
  'stats_sms_months',
  {
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'stats_sms_months_pk', columns: [t.organisationId, t.month, t.status] })],
)

export const statsSmsDeltas = pgTable(
  'stats_sms_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    month: date('month').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('stats_sms_deltas_organisation_idx').on(t.organisationId, t.month)],
)

/**
 * The partners' answer delays of an organisation over one preset period of /v2/statistics (the last 12, 6 or 3 months,
 * this year, last year), as lib/statistics/answer-delays.ts computes them, written by the hourly job
 * `answer-delay-summaries` (lib/statistics/answer-delay-summaries.ts). A median is not a sum: at full scale the live
 * figures sort a year of an organisation's prescriptions (360 ms a view), so the page reads these, and says when they
 * were computed. Ids, names of structures and offers, counts: no personal data.
 */
export const answerDelaySummaries = pgTable(
  'answer_delay_summaries',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    toMonth: text('to_month').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    figures: jsonb('figures').notNull(),
  },
  (t) => [primaryKey({ name: 'answer_delay_summaries_pk', columns: [t.organisationId, t.fromMonth, t.toMonth] })],
)

/**
 * A partner structure's own answer delays over the last 12 months (its dashboard's « Vos délais de réponse »), across
 * every organisation that prescribes to it, as lib/statistics/answer-delays.ts's answerDelaysOfStructure computes them:
 * counts and shares only. Written by the same hourly job; the dashboard reads it and says when it was computed.
 */
export const structureAnswerDelaySummaries = pgTable(
  'structure_answer_delay_summaries',
  {
    structureId: uuid('structure_id')
      .notNull()
      .references(() => partnerStructures.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    toMonth: text('to_month').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    figures: jsonb('figures').notNull(),
  },
  (t) => [
    primaryKey({ name: 'structure_answer_delay_summaries_pk', columns: [t.structureId, t.fromMonth, t.toMonth] }),
  ],
)
