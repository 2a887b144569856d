import { bigserial, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'

/**
 * How many of an organisation's candidates hold a value for each custom field key (the custom fields' settings page,
 * issue 16 §1: counting them read every candidate's fields). Kept by a trigger on candidates (drizzle/0037) that only
 * appends deltas — -1 per key the row had, +1 per key it has — so that no two writers ever wait on one counter; the
 * statistics job folds them every minute (lib/settings/custom-field-counts.ts); a read sums both, exact at any moment.
 * Keys only: no value, no personal data.
 */
export const candidateCustomFieldCounts = pgTable(
  'candidate_custom_field_counts',
  {
    organisationId: uuid('organisation_id').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'candidate_custom_field_counts_pk', columns: [t.organisationId, t.key] })],
)

export const candidateCustomFieldCountDeltas = pgTable(
  'candidate_custom_field_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('candidate_custom_field_count_deltas_organisation_idx').on(t.organisationId)],
)
