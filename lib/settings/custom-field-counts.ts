import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'

/** The organisation's candidates holding a value, per custom field key: the counters plus the deltas not yet folded. */
export async function customFieldValueCounts(db: DbOrTx, organisationId: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ key: string; n: number }>(sql`
    select key, sum(n)::int as n from (
      select key, n from candidate_custom_field_counts where organisation_id = ${organisationId}
      union all
      select key, n from candidate_custom_field_count_deltas where organisation_id = ${organisationId}
    ) c group by 1 having sum(n) <> 0`)
  return new Map(rows.map((r) => [r.key, r.n]))
}

/**
 * Folds the deltas into the counters, in one transaction under an advisory lock (one folder at a time), as the apply
 * counters are (lib/applies/tab-counts.ts). Returns how many deltas were folded.
 */
export async function compactCustomFieldCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('custom_field_counts_compaction')) as ok`)
    if (!locked[0]?.ok) return 0
    const { rows } = await tx.execute<{ folded: number }>(sql`
      with moved as (
        delete from candidate_custom_field_count_deltas where id in (select id from candidate_custom_field_count_deltas order by id limit 50000)
        returning organisation_id, key, n
      ), summed as (
        select organisation_id, key, sum(n)::int as n, count(*)::int as deltas from moved group by 1, 2
      ), folded as (
        insert into candidate_custom_field_counts (organisation_id, key, n)
        select organisation_id, key, n from summed
        on conflict (organisation_id, key) do update set n = candidate_custom_field_counts.n + excluded.n
      )
      select coalesce(sum(deltas), 0)::int as folded from summed`)
    return rows[0]?.folded ?? 0
  })
}
