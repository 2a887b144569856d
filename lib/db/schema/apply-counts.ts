import { bigserial, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { applyStateEnum } from './applies'

/**
 * The non-archived applies' counts per offer, structure, prescribing organisation and state: the offer
 * page's tabs (summed over the organisations), a directory sheet's offers (one organisation and structure). Kept by a
 * trigger on social_applies (drizzle/0035, 0036) that only appends to social_apply_count_deltas — -1 for the old key,
 * +1 for the new — so that no two transactions ever wait on one counter and none can deadlock on two. The statistics
 * job folds the deltas into social_apply_counts and organisation_apply_counts every minute (lib/prescriptions/counts.ts);
 * a read sums the counters and the deltas, exact at any moment. No foreign keys: a counter never blocks a deletion.
 */
export const socialApplyCounts = pgTable(
  'social_apply_counts',
  {
    socialOfferId: uuid('social_offer_id').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'social_apply_counts_pk',
      columns: [t.socialOfferId, t.structureId, t.state, t.organisationId],
    }),
    index('social_apply_counts_structure_idx').on(t.structureId, t.organisationId),
  ],
)

/** The same counts per organisation and state (the home page's), folded from the same deltas in the same statement. */
export const organisationApplyCounts = pgTable(
  'organisation_apply_counts',
  {
    organisationId: uuid('organisation_id').notNull(),
    state: applyStateEnum('state').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'organisation_apply_counts_pk', columns: [t.organisationId, t.state] })],
)

export const socialApplyCountDeltas = pgTable(
  'social_apply_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    socialOfferId: uuid('social_offer_id').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    index('social_apply_count_deltas_offer_idx').on(t.socialOfferId, t.structureId, t.state),
    index('social_apply_count_deltas_organisation_idx').on(t.organisationId, t.structureId),
  ],
)
