import { bigserial, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { applyStateEnum } from './applies'

/**
 * The offer page's tab counts (issue 16 §1): non-archived applies per offer, structure and state. Kept by a trigger
 * on social_applies (drizzle/0035) that only appends to social_apply_count_deltas — -1 for the old key, +1 for the
 * new — so that no two transactions ever wait on one counter and none can deadlock on two. The statistics job folds
 * the deltas into social_apply_counts every minute (lib/applies/tab-counts.ts); a read sums both, exact at any moment.
 * No foreign keys: a counter never blocks the deletion of an offer or a structure.
 */
export const socialApplyCounts = pgTable(
  'social_apply_counts',
  {
    socialOfferId: uuid('social_offer_id').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'social_apply_counts_pk', columns: [t.socialOfferId, t.structureId, t.state] })],
)

export const socialApplyCountDeltas = pgTable(
  'social_apply_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    socialOfferId: uuid('social_offer_id').notNull(),
    structureId: uuid('structure_id').notNull(),
    state: applyStateEnum('state').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('social_apply_count_deltas_offer_idx').on(t.socialOfferId, t.structureId, t.state)],
)
