import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { foldDeltas } from '@/lib/counters/fold-deltas'

export type CandidateCountDimension = 'status' | 'place' | 'field'

/**
 * The organisation's candidates per value of one dimension (lib/db/schema/candidate-counts.ts): the counters plus the
 * deltas not yet folded, read from the (organisation, key) range of the dimension's prefix. The value is the status or
 * place id ('' for none) or the custom field key.
 */
export async function candidateCountsBy(
  db: DbOrTx,
  organisationId: string,
  dimension: CandidateCountDimension,
): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ key: string; n: number }>(candidateCountsSource(organisationId, dimension))
  return new Map(rows.map((r) => [r.key, r.n]))
}

/** candidateCountsBy's statement (`key`, `n`), for a read that joins it to the keys' settings rows. */
export function candidateCountsSource(organisationId: string, dimension: CandidateCountDimension) {
  const from = `${dimension}:`
  const to = `${dimension};`
  return sql`
    select substr(key, ${from.length + 1}) as key, sum(n)::int as n from (
      select key, n from candidate_counts where organisation_id = ${organisationId} and key >= ${from} and key < ${to}
      union all
      select key, n from candidate_count_deltas where organisation_id = ${organisationId} and key >= ${from} and key < ${to}
    ) c group by c.key having sum(n) <> 0`
}

/**
 * Folds the deltas into the counters, in one transaction under an advisory lock (one folder at a time), as the apply
 * counters are (lib/prescriptions/counts.ts). Returns how many deltas were folded.
 */
export function compactCandidateCounts(db: Db): Promise<number> {
  return foldDeltas(db, {
    lock: 'candidate_counts_compaction',
    deltas: 'candidate_count_deltas',
    into: { table: 'candidate_counts', columns: ['organisation_id', 'key'] },
  })
}
