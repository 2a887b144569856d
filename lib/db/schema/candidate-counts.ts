import { bigserial, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'

/**
 * An organisation's candidates counted per value of a few of their columns (counting them read every
 * candidate), one row per key: `status:<id>` and `place:<id>` (empty id when none: the statistics' breakdowns) and
 * `field:<key>` for each custom field key holding a value (the custom fields' settings page). Kept by a trigger on
 * candidates (drizzle/0037) that only appends deltas — -1 per key the row had, +1 per key it has — so that no two
 * writers ever wait on one counter; the statistics job folds them every minute (lib/candidates/counts.ts); a read sums
 * both, exact at any moment. Ids and field keys only: no value, no personal data.
 */
export const candidateCounts = pgTable(
  'candidate_counts',
  {
    organisationId: uuid('organisation_id').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'candidate_counts_pk', columns: [t.organisationId, t.key] })],
)

export const candidateCountDeltas = pgTable(
  'candidate_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('candidate_count_deltas_organisation_idx').on(t.organisationId)],
)
