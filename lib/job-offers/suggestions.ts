import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { fullNameSql } from '@/lib/person-name-sql'

/** Where a French address is: the département of its postcode ('76' of 76600), '97' for every overseas one. */
export const departementOf = (column: string) => `substring(${column} from '(\\d{2})\\d{3}')`

export type Suggestion = { id: string; firstName: string; lastName: string; place: string | null; reasons: string[] }

/**
 * Up to 10 of the organisation's candidates for a job offer —
 * followed by a referent (their course is under way), living in the
 * offer's place or its département (the same place first), never one already on this offer: placed, refused, in progress
 * or abandoned there (a candidate has one placement per offer, job_placements_offer_candidate_uq, so placing them again would be refused). Candidates
 * without any other placement under way come first. Each comes with why it is suggested. Two bounded index walks:
 * candidates_suggestions_place_idx, and the département expression index candidates_suggestions_departement_idx.
 */
export async function suggestCandidates(db: DbOrTx, organisationId: string, jobOfferId: string): Promise<Suggestion[]> {
  // Each probe walks its partial index (followed, not anonymised) newest activity first and stops at 40 candidates not
  // already on this offer; only those 80 are then ranked (same place, not busy elsewhere, most recent).
  const followed = sql`c.organisation_id = ${organisationId} and c.anonymised_at is null and c.referent_id is not null
    and not exists (select 1 from job_placements p where p.job_offer_id = ${jobOfferId} and p.candidate_id = c.id)`
  const result = await db.execute<{
    id: string
    first_name: string
    last_name: string
    place: string | null
    same_place: boolean
    departement: string | null
    busy: boolean
    referent: string | null
  }>(sql`
    with offer as materialized (
      select j.place_id, ${sql.raw(departementOf('j.address_formatted'))} as departement
      from job_offers j where j.id = ${jobOfferId} and j.organisation_id = ${organisationId}
    ), same_place as (
      select c.id, c.updated_at from candidates c, offer o
      where o.place_id is not null and c.place_id = o.place_id and ${followed}
      order by c.updated_at desc limit 40
    ), same_departement as (
      select c.id, c.updated_at from candidates c, offer o
      where o.departement is not null and ${sql.raw(departementOf('c.address_formatted'))} = o.departement
        and c.place_id is distinct from o.place_id and ${followed}
      order by c.updated_at desc limit 40
    ), near as (
      select id, updated_at, true as same_place from same_place
      union all
      select id, updated_at, false from same_departement
    )
    select c.id, c.first_name, c.last_name, pl.label as place, n.same_place,
      ${sql.raw(departementOf('c.address_formatted'))} as departement,
      exists (select 1 from job_placements p where p.candidate_id = c.id and p.organisation_id = ${organisationId} and p.status in ('proposed', 'interview', 'hired')) as busy,
      ${fullNameSql('r')} as referent
    from near n
    join candidates c on c.id = n.id
    left join places pl on pl.id = c.place_id
    left join "user" r on r.id = c.referent_id
    order by n.same_place desc, busy asc, n.updated_at desc, c.id
    limit 10`)
  return result.rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    place: r.place,
    reasons: [
      r.same_place ? `Habite ${r.place ?? 'le lieu de l’offre'}` : `Habite le même département (${r.departement})`,
      r.referent ? `Suivi par ${r.referent}` : 'Suivi en cours',
      r.busy ? 'Déjà positionné sur une autre offre' : 'Aucun autre positionnement en cours',
    ],
  }))
}
