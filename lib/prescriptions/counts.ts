import { sql, type SQL } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { foldDeltas } from '@/lib/counters/fold-deltas'
import { zeroCounts, type ApplyCounts, type ApplyState, type StoredApplyState } from './states'

/**
 * The tabs' counts, read from the counters the triggers keep (lib/db/schema/apply-counts.ts) instead of counting the
 * applies: the folded counts plus the deltas not folded yet. A big organisation's count(*) read 200 000 applies.
 */

/**
 * The three tabs' counts of one offer: one primary-key probe and a few delta rows per state (2.4–3 ms of PostgreSQL
 * time per request at the bench's busiest offer when its applies were counted).
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

type OfferCount = { offer_id: string; state: StoredApplyState; n: number }

/** The offers' counters and deltas under one condition (on columns both tables have), per offer and state. */
async function offerCounts(db: DbOrTx, where: SQL): Promise<OfferCount[]> {
  const { rows } = await db.execute<OfferCount>(sql`
    select social_offer_id as offer_id, state, sum(n)::int as n from (
      select social_offer_id, state, n from social_apply_counts where ${where}
      union all
      select social_offer_id, state, n from social_apply_count_deltas where ${where}
    ) c group by 1, 2`)
  return rows
}

/** (state, n) rows added up as the three tabs' counts (an expired or waitlisted prescription is in none). */
export function countsOf(rows: { state: StoredApplyState; n: number }[], counts = zeroCounts()): ApplyCounts {
  for (const r of rows) if (r.state !== 'EXPIRED' && r.state !== 'WAITLISTED') counts[r.state] += r.n
  return counts
}

/** Non-archived applies per tab for each of the given offers, seen by one partner structure (its dashboard). */
const structureCounts = (db: DbOrTx) =>
  prepared(db, 'structure_apply_counts', (name) =>
    db
      .select({
        offer_id: sql<string>`social_offer_id`,
        state: sql<StoredApplyState>`state`,
        n: sql<number>`sum(n)::int`,
      })
      .from(
        sql`(select social_offer_id, state, n from social_apply_counts
            where structure_id = ${sql.placeholder('structureId')} and social_offer_id = any(${sql.placeholder('offerIds')}::uuid[])
          union all
          select social_offer_id, state, n from social_apply_count_deltas
            where structure_id = ${sql.placeholder('structureId')} and social_offer_id = any(${sql.placeholder('offerIds')}::uuid[])) c`,
      )
      .groupBy(sql`1, 2`)
      .prepare(name),
  )

/** The tabs' counts of a structure's offers, per offer (its dashboard, read at each visit: prepared). */
export async function applyCountsByOffer(
  db: DbOrTx,
  structureId: string,
  offerIds: string[],
): Promise<Map<string, ApplyCounts>> {
  const result = new Map<string, ApplyCounts>(offerIds.map((id) => [id, zeroCounts()]))
  if (offerIds.length === 0) return result
  for (const r of await structureCounts(db).execute({ structureId, offerIds })) countsOf([r], result.get(r.offer_id))
  return result
}

/** The tabs' counts of one organisation's prescriptions to one offer (the offer page read by the organisation). */
export async function organisationOfferCounts(
  db: DbOrTx,
  organisationId: string,
  offerId: string,
): Promise<ApplyCounts> {
  return countsOf(await offerCounts(db, sql`social_offer_id = ${offerId} and organisation_id = ${organisationId}`))
}

/** The non-archived applies an organisation made to one structure, per offer and state (the directory's structure sheet). */
export function tabCountsOfStructureForOrganisation(db: DbOrTx, organisationId: string, structureId: string) {
  return offerCounts(db, sql`structure_id = ${structureId} and organisation_id = ${organisationId}`)
}

/** The organisation's non-archived applies per tab (its home page): its three rollup rows and its deltas. */
export async function applyCountsOfOrganisation(db: DbOrTx, organisationId: string): Promise<ApplyCounts> {
  const { rows } = await db.execute<{ state: StoredApplyState; n: number }>(sql`
    select state, sum(n)::int as n from (
      select state, n from organisation_apply_counts where organisation_id = ${organisationId}
      union all
      select state, n from social_apply_count_deltas where organisation_id = ${organisationId}
    ) c group by 1`)
  return countsOf(rows)
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
