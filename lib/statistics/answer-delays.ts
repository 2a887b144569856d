import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { parisDaySql } from '@/lib/dates-sql'
import {
  MAX_OFFERS,
  MAX_STRUCTURES,
  type AnswerDelayFigures,
  type AnswerDelayLine,
  type OfferAnswerDelayLine,
} from './answer-delays-table'
import { periodInstants, type StatisticsFilters } from './filters'

type Row = {
  level: number
  structure_id: string | null
  structure_name: string | null
  offer_id: string | null
  offer_name: string | null
  prescribed: number
  answered: number
  median_days: number | null
  p90_days: number | null
  within10: number
  within30: number
  expired: number
  integrated: number
  lines: number
}

/**
 * The prescriptions of `where` with a sheet, and their answer delay in days (null when unanswered). A prescription
 * with its sheet's PDF has its FUP (both are written together: lib/prescriptions/referent-prescribes.ts), so the FUP
 * is looked up only for those without, the manual ones and those whose PDF retention removed: two branches, so that
 * the second probes fups_social_apply_id_unique once per such prescription. Written as one `or exists`, the planner
 * read the whole FUP index into a hash for every view (180 000 entries at the bench's scale 0.2: 70 ms of a 330 ms
 * structure dashboard, 400 ms of the organisation's figures). One in an offer's line for a place waits for no answer yet
 * (lib/prescriptions/waitlist.ts): it counts once a place takes it, from that day.
 */
const withDelays = (where: SQL) => {
  const columns = sql`a.structure_id, a.social_offer_id, a.state,
         case when a.state in ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') and a.response_date is not null
              then ${parisDaySql(sql`a.response_date`)} - ${parisDaySql(sql`a.prescription_date`)} end as days`
  return sql`
  select ${columns} from social_applies a where ${where} and a.state <> 'WAITLISTED' and a.prescription_document_id is not null
  union all
  select ${columns} from social_applies a where ${where} and a.state <> 'WAITLISTED' and a.prescription_document_id is null
    and exists (select 1 from fups f where f.social_apply_id = a.id)`
}

/**
 * Runs `read` with PostgreSQL's JIT and parallel workers off. The planner prices every FUP probe of a big
 * organisation's year (it cannot know that a sheet's PDF spares most of them), so the query passes jit_above_cost, and
 * compiling it took 150 to 400 ms per view on the bench's biggest organisation, more than the query itself; for the
 * same reason it started two workers for the branch without a PDF, which finds a few rows: 30 ms of start-up out of
 * 130 (scale 0.2). (More work_mem, to sort in memory, made the planner hash every FUP instead of probing the few it
 * needs: slower.)
 */
function withoutJit<T>(db: DbOrTx, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    )
    return read(tx)
  })
}

const figuresSql = sql`
  count(*)::int as prescribed,
  count(days)::int as answered,
  (percentile_cont(0.5) within group (order by days))::float8 as median_days,
  (percentile_cont(0.9) within group (order by days))::float8 as p90_days,
  count(*) filter (where days <= 10)::int as within10,
  count(*) filter (where days <= 30)::int as within30,
  count(*) filter (where state = 'EXPIRED')::int as expired,
  count(*) filter (where state = 'INTEGRATED_CANDIDATE')::int as integrated`

const figuresOf = (r: Row | undefined): AnswerDelayFigures => ({
  prescribed: r?.prescribed ?? 0,
  answered: r?.answered ?? 0,
  medianDays: r?.median_days ?? null,
  p90Days: r?.p90_days ?? null,
  within10: r?.within10 ?? 0,
  within30: r?.within30 ?? 0,
  expired: r?.expired ?? 0,
  integrated: r?.integrated ?? 0,
})

/**
 * The organisation's answer delays over the page's period and filters (referent, structure, offer), per structure,
 * per offer and in total, in one grouped query over the period's prescriptions (grouping sets: a median is not a sum
 * of medians). The organisation and the period narrow it first (social_applies_organisation_date_idx, or the
 * author's or offer's index when filtered). The most prescribed MAX_STRUCTURES structures and MAX_OFFERS offers are
 * kept; the total counts them all.
 */
export async function answerDelays(
  db: DbOrTx,
  organisationId: string,
  f: StatisticsFilters,
): Promise<{
  total: AnswerDelayFigures
  structures: AnswerDelayLine[]
  offers: OfferAnswerDelayLine[]
  /** Whether structures or offers were left out of the lines. */
  capped: boolean
}> {
  const { from, until } = periodInstants(f)
  const where = sql`a.organisation_id = ${organisationId} and a.prescription_date >= ${from} and a.prescription_date < ${until}
    ${f.structureId ? sql`and a.structure_id = ${f.structureId}::uuid` : sql``}
    ${f.offerId ? sql`and a.social_offer_id = ${f.offerId}::uuid` : sql``}
    ${f.referentId ? sql`and a.author_id = ${f.referentId}` : sql``}`
  const { rows } = await withoutJit(db, (tx) =>
    tx.execute<Row>(sql`
    with d as (${withDelays(where)}),
    g as (
      select grouping(structure_id, social_offer_id) as level, structure_id, social_offer_id, ${figuresSql}
      from d group by grouping sets ((structure_id, social_offer_id), (structure_id), ())
    ),
    ranked as (
      select g.*, row_number() over (partition by level order by prescribed desc, structure_id, social_offer_id) as rank,
             (count(*) over (partition by level))::int as lines
      from g
    )
    select r.level, r.structure_id, ps.name as structure_name, r.social_offer_id as offer_id, so.name as offer_name,
           r.prescribed, r.answered, r.median_days, r.p90_days, r.within10, r.within30, r.expired, r.integrated, r.lines
    from ranked r
    left join partner_structures ps on ps.id = r.structure_id
    left join social_offers so on so.id = r.social_offer_id
    where r.level = 3 or (r.level = 1 and r.rank <= ${MAX_STRUCTURES}) or (r.level = 0 and r.rank <= ${MAX_OFFERS})
    order by r.level desc, r.prescribed desc, ps.name, so.name`),
  )
  const line = (r: Row): AnswerDelayLine => ({
    ...figuresOf(r),
    structureId: r.structure_id!,
    structureName: r.structure_name ?? '',
  })
  return {
    capped: rows.some((r) => (r.level === 1 && r.lines > MAX_STRUCTURES) || (r.level === 0 && r.lines > MAX_OFFERS)),
    total: figuresOf(rows.find((r) => r.level === 3)),
    structures: rows.filter((r) => r.level === 1).map(line),
    offers: rows
      .filter((r) => r.level === 0)
      .map((r) => ({ ...line(r), offerId: r.offer_id!, offerName: r.offer_name ?? '' })),
  }
}

/**
 * One partner structure's own answer delays over `f`'s period, across every organisation that prescribes to it: counts
 * and shares only, nothing that names an organisation or a candidate. Its prescriptions come from
 * social_applies_structure_delays_idx alone (drizzle/0066), the few without a PDF probing their FUP.
 */
export async function answerDelaysOfStructure(
  db: DbOrTx,
  structureId: string,
  f: Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>,
): Promise<AnswerDelayFigures> {
  const { from, until } = periodInstants(f)
  const { rows } = await withoutJit(db, (tx) =>
    tx.execute<Row>(sql`
    with d as (${withDelays(sql`a.structure_id = ${structureId}::uuid and a.prescription_date >= ${from} and a.prescription_date < ${until}`)})
    select ${figuresSql} from d`),
  )
  return figuresOf(rows[0])
}

/** A share of the prescriptions, null when there is none. */
export const shareOf = (n: number, figures: Pick<AnswerDelayFigures, 'prescribed'>): number | null =>
  figures.prescribed ? n / figures.prescribed : null
