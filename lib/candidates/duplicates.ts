import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { nirBlindIndexes } from '@/lib/crypto/nir-cipher'
import { normaliseNir } from './nir'

export type DuplicateProbe = {
  nir?: string | null
  lastName?: string | null
  firstName?: string | null
  birthDate?: string | null
}
export type DuplicateReason = 'nir' | 'identity'
export type DuplicateMatch = {
  candidateId: string
  firstName: string
  lastName: string
  birthDate: string | null
  reason: DuplicateReason
}

/**
 * The organisation's candidates that look like each probe: the same NIR, or the same last name, first name
 * (accent- and case-insensitive, through the database's passerelle_unaccent) and birth date.
 *
 * NIRs are compared by blind index (lib/crypto/nir-cipher.ts), never in clear: a probe's NIR is hashed here under the
 * current key, and under the previous one while a rotation runs, and nothing of it reaches the database but that.
 *
 * One statement for the whole batch (the probes travel as arrays and are unnested), so that an import
 * of 10 000 rows costs one round trip; it reads candidates_organisation_nir_blind_index_idx and
 * candidates_organisation_birth_date_idx. Returns only the indexes that match, each with its candidates
 * (a candidate matching by both NIR and identity is listed once, as 'nir'). Duplicates inside the batch
 * itself are not looked for here.
 */
export async function findDuplicates(
  db: DbOrTx,
  organisationId: string,
  probes: DuplicateProbe[],
): Promise<Map<number, DuplicateMatch[]>> {
  const result = new Map<number, DuplicateMatch[]>()
  const indexes: number[] = []
  const lastNames: string[] = []
  const firstNames: string[] = []
  const birthDates: string[] = []
  const nirProbes: number[] = []
  const blindIndexes: string[] = []
  probes.forEach((p, i) => {
    const nir = p.nir?.trim() ? normaliseNir(p.nir) : null
    if (nir)
      for (const blindIndex of nirBlindIndexes(nir)) {
        nirProbes.push(i)
        blindIndexes.push(blindIndex)
      }
    if (!(p.lastName?.trim() && p.firstName?.trim() && p.birthDate)) return
    indexes.push(i)
    lastNames.push(p.lastName.trim())
    firstNames.push(p.firstName.trim())
    birthDates.push(p.birthDate)
  })
  if (indexes.length === 0 && nirProbes.length === 0) return result

  const { rows } = await db.execute<{
    idx: number
    id: string
    first_name: string
    last_name: string
    birth_date: string | null
    reason: DuplicateReason
  }>(sql`
    with probe as materialized (
      select idx, birth_date,
        passerelle_unaccent(lower(last_name)) as last_key,
        passerelle_unaccent(lower(first_name)) as first_key,
        passerelle_unaccent(lower(first_name)) || ' ' || passerelle_unaccent(lower(last_name)) || ' ' as search_prefix
      from unnest(${sql.param(indexes)}::int[], ${sql.param(lastNames)}::text[], ${sql.param(firstNames)}::text[], ${sql.param(birthDates)}::date[])
        as p(idx, last_name, first_name, birth_date)
    ),
    nir_probe as (
      select * from unnest(${sql.param(nirProbes)}::int[], ${sql.param(blindIndexes)}::text[]) as n(idx, blind_index)
    ),
    matches as (
      select n.idx, c.id, c.first_name, c.last_name, c.birth_date, 'nir' as reason, 0 as rank
      from nir_probe n
      join candidates c on c.organisation_id = ${organisationId} and c.nir_blind_index = n.blind_index
      where c.nir_blind_index is not null
      union all
      -- search_text is stored as passerelle_unaccent(lower(first_name || ' ' || last_name || ' ' || …)): comparing its
      -- start first skips the per-row unaccent of every same-day candidate; the exact comparison then settles it.
      select p.idx, c.id, c.first_name, c.last_name, c.birth_date, 'identity' as reason, 1 as rank
      from probe p
      join candidates c on c.organisation_id = ${organisationId} and c.birth_date = p.birth_date
      where p.birth_date is not null
        and left(c.search_text, length(p.search_prefix)) = p.search_prefix
        and passerelle_unaccent(lower(c.last_name)) = p.last_key
        and passerelle_unaccent(lower(c.first_name)) = p.first_key
    )
    select distinct on (idx, id) idx, id, first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date, reason
    from matches
    order by idx, id, rank
  `)
  for (const r of rows) {
    const idx = Number(r.idx)
    const list = result.get(idx) ?? []
    list.push({
      candidateId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      birthDate: r.birth_date,
      reason: r.reason,
    })
    result.set(idx, list)
  }
  for (const list of result.values())
    list.sort((a, b) => a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr'))
  return result
}

/** Serialises the writes that must see each other's candidates (creation, import) within one organisation. */
export async function lockOrganisationCandidates(tx: DbOrTx, organisationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`candidates:${organisationId}`}, 0))`)
}
