import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import type { ApplyState } from './states'
import { foldDeltas } from '@/lib/counters/fold-deltas'

/**
 * The three tabs' counts of one offer from its counters (lib/db/schema/apply-counts.ts): the folded count plus the
 * deltas not folded yet, one primary-key probe and a few delta rows per state instead of counting the offer's applies
 * (2.4–3 ms of PostgreSQL time per request at the bench's busiest offer).
 */
export const offerTabCounts = (db: DbOrTx) =>
  prepared(db, 'apply_tab_counts', (name) =>
    db
      .select({
        state: sql<ApplyState>`tab.state`,
        n: sql<number>`(coalesce((select sum(c.n) from social_apply_counts c
            where c.social_offer_id = ${sql.placeholder('offerId')} and c.structure_id = ${sql.placeholder('structureId')} and c.state = tab.state), 0)
          + coalesce((select sum(d.n) from social_apply_count_deltas d
            where d.social_offer_id = ${sql.placeholder('offerId')} and d.structure_id = ${sql.placeholder('structureId')} and d.state = tab.state), 0))::int`,
      })
      .from(
        sql`unnest(array['PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE']::apply_state[]) as tab(state)`,
      )
      .prepare(name),
  )

/** The counts of several offers of one structure (the partner's dashboard), per offer and state. */
export async function tabCountsOfOffers(db: DbOrTx, structureId: string, offerIds: string[]) {
  const ids = sql.join(
    offerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const { rows } = await db.execute<{ offer_id: string; state: ApplyState | 'EXPIRED'; n: number }>(sql`
    select social_offer_id as offer_id, state, sum(n)::int as n from (
      select social_offer_id, state, n from social_apply_counts where structure_id = ${structureId} and social_offer_id in (${ids})
      union all
      select social_offer_id, state, n from social_apply_count_deltas where structure_id = ${structureId} and social_offer_id in (${ids})
    ) c group by 1, 2`)
  return rows
}

/** The organisation's non-archived applies per state (the home page): its three rollup rows and its deltas. */
export async function organisationTabCounts(db: DbOrTx, organisationId: string) {
  const { rows } = await db.execute<{ state: ApplyState | 'EXPIRED'; n: number }>(sql`
    select state, sum(n)::int as n from (
      select state, n from organisation_apply_counts where organisation_id = ${organisationId}
      union all
      select state, n from social_apply_count_deltas where organisation_id = ${organisationId}
    ) c group by 1`)
  return rows
}

/** The non-archived applies an organisation made to one structure, per offer and state (the directory's structure sheet). */
export async function tabCountsOfStructureForOrganisation(db: DbOrTx, organisationId: string, structureId: string) {
  const { rows } = await db.execute<{ offer_id: string; state: ApplyState | 'EXPIRED'; n: number }>(sql`
    select social_offer_id as offer_id, state, sum(n)::int as n from (
      select social_offer_id, state, n from social_apply_counts where structure_id = ${structureId} and organisation_id = ${organisationId}
      union all
      select social_offer_id, state, n from social_apply_count_deltas where organisation_id = ${organisationId} and structure_id = ${structureId}
    ) c group by 1, 2 having sum(n) <> 0`)
  return rows
}

/**
 * Folds the deltas into the counters, in one transaction under an advisory lock (one folder at a time). The deltas
 * appended meanwhile by other transactions stay for the next run: a read sums both, so nothing is counted twice or lost.
 * Returns how many deltas were folded.
 */
export function compactApplyTabCounts(db: Db): Promise<number> {
  return foldDeltas(db, {
    lock: 'apply_tab_counts_compaction',
    deltas: 'social_apply_count_deltas',
    into: { table: 'social_apply_counts', columns: ['social_offer_id', 'structure_id', 'organisation_id', 'state'] },
    rollups: [{ table: 'organisation_apply_counts', columns: ['organisation_id', 'state'] }],
  })
}
