import { sql } from 'drizzle-orm'
import { PAGE_SIZE } from '@/lib/constants'
import type { DbOrTx } from '@/lib/db/client'
import { selectRows, toApplyRow, type ApplyRow } from './list-by-tab'
import { APPLY_STATES, type ApplyCounts, type ApplyState } from './states'

/**
 * The prescriptions one organisation made to one offer, in the offer page's three tabs, for its referents
 * and counsellors (read-only: the partner answers them). The organisation is in every where: another organisation's
 * prescriptions to the same offer are never read. Archived ones are left out, as on the partner's side.
 */
export async function listOrganisationApplies(
  db: DbOrTx,
  params: { organisationId: string; offerId: string; tab: ApplyState; skip?: number; limit?: number },
): Promise<{ rows: ApplyRow[]; counts: ApplyCounts }> {
  const { organisationId, offerId, tab, skip = 0, limit = PAGE_SIZE } = params
  const sortColumn = sql.raw(tab === 'PRESCRIPTION_FILLED' ? 'prescription_date' : 'response_date')
  // The (social_offer_id, organisation_id) index gives the organisation's applies to the offer.
  const pageIds = sql`select id from social_applies
    where social_offer_id = ${offerId} and organisation_id = ${organisationId} and not archived and state = ${tab}
    order by ${sortColumn} desc, id desc limit ${limit} offset ${skip}`
  const [rows, counted] = await Promise.all([
    selectRows(db, pageIds, tab),
    organisationOfferCounts(db, organisationId, offerId),
  ])
  return { rows: rows.map(toApplyRow), counts: counted }
}

/** The tabs' counts of one organisation's prescriptions to one offer: its counters plus the deltas not folded yet. */
export async function organisationOfferCounts(
  db: DbOrTx,
  organisationId: string,
  offerId: string,
): Promise<ApplyCounts> {
  const { rows } = await db.execute<{ state: ApplyState; n: number }>(sql`
    select state, sum(n)::int as n from (
      select state, n from social_apply_counts
        where social_offer_id = ${offerId} and organisation_id = ${organisationId}
      union all
      select state, n from social_apply_count_deltas
        where social_offer_id = ${offerId} and organisation_id = ${organisationId}
    ) c where state in ('PRESCRIPTION_FILLED', 'INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') group by state`)
  const counts = Object.fromEntries(APPLY_STATES.map((s) => [s, 0])) as ApplyCounts
  for (const row of rows) counts[row.state] = row.n
  return counts
}
