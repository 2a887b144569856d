import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'

export type CandidateCountDimension = 'status' | 'place' | 'field'

/**
 * The organisation's candidates per value of one dimension (lib/db/schema/candidate-counts.ts): the counters plus the
 * deltas not yet folded, read from the (organisation, key) range of the dimension's prefix. The value is the status or
 * place id ('' for none) or the custom field key.
 */
export async function candidateCountsBy(db: DbOrTx, organisationId: string, dimension: CandidateCountDimension): Promise<Map<string, number>> {
  const from = `${dimension}:`
  const to = `${dimension};`
  const { rows } = await db.execute<{ key: string; n: number }>(sql`
    select substr(key, ${from.length + 1}) as key, sum(n)::int as n from (
      select key, n from candidate_counts where organisation_id = ${organisationId} and key >= ${from} and key < ${to}
      union all
      select key, n from candidate_count_deltas where organisation_id = ${organisationId} and key >= ${from} and key < ${to}
    ) c group by c.key having sum(n) <> 0`)
  return new Map(rows.map((r) => [r.key, r.n]))
}

/**
 * Folds the deltas into the counters, in one transaction under an advisory lock (one folder at a time), as the apply
 * counters are (lib/applies/tab-counts.ts). Returns how many deltas were folded.
 */
export async function compactCandidateCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('candidate_counts_compaction')) as ok`)
    if (!locked[0]?.ok) return 0
    const { rows } = await tx.execute<{ folded: number }>(sql`
      with moved as (
        delete from candidate_count_deltas where id in (select id from candidate_count_deltas order by id limit 50000)
        returning organisation_id, key, n
      ), summed as (
        select organisation_id, key, sum(n)::int as n, count(*)::int as deltas from moved group by 1, 2
      ), folded as (
        insert into candidate_counts (organisation_id, key, n)
        select organisation_id, key, n from summed
        on conflict (organisation_id, key) do update set n = candidate_counts.n + excluded.n
      )
      select coalesce(sum(deltas), 0)::int as folded from summed`)
    return rows[0]?.folded ?? 0
  })
}
