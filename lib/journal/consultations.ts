import { sql, type SQL } from 'drizzle-orm'
import { PAGE_SIZE } from '@/lib/constants'
import { addCalendarDays, parisInstant } from '@/lib/dates'
import type { DbOrTx } from '@/lib/db/client'
import { fullNameSql } from '@/lib/person-name-sql'
import type { ConsultationFilters } from './consultation-filters'
import type { ReadKind } from './record-read'
import { LINK_ACTOR_PREFIX } from '@/lib/prescriptions/answer-link'

/**
 * The administrators' "Consultations": the journal's rows of their own organisation's files only
 * (owner_organisation_id), for one candidate or for one reader, newest first.
 */
export type ConsultationScope = { ownerOrganisationId: string } & (
  { candidateId: string; actorId?: never } | { actorId: string; candidateId?: never }
)

export type ConsultationRow = {
  id: number
  at: Date
  actorId: string
  /** The reader's name, and their structure's for a partner; null once the account is gone. */
  actorName: string | null
  structureName: string | null
  kind: ReadKind
  candidateId: string | null
  candidateName: string | null
  entityId: string | null
  count: number | null
}

type Raw = {
  id: string | number
  at: Date | string
  actor_id: string
  actor_name: string | null
  structure_name: string | null
  kind: ReadKind
  candidate_id: string | null
  candidate_name: string | null
  entity_id: string | null
  count: number | null
  total?: number
}

function whereOf(scope: ConsultationScope, f: Omit<ConsultationFilters, 'page'>): SQL {
  const parts: SQL[] = [sql`j.owner_organisation_id = ${scope.ownerOrganisationId}::uuid`]
  if (scope.candidateId) parts.push(sql`j.candidate_id = ${scope.candidateId}::uuid`)
  if (scope.actorId) parts.push(sql`j.actor_id = ${scope.actorId}`)
  // Paris calendar days, as the filter's date fields mean them.
  if (f.from) parts.push(sql`j.at >= ${parisInstant(f.from, 0)}`)
  if (f.to) parts.push(sql`j.at < ${parisInstant(addCalendarDays(f.to, 1), 0)}`)
  if (f.actorId && !scope.actorId) parts.push(sql`j.actor_id = ${f.actorId}`)
  if (f.kind) parts.push(sql`j.kind = ${f.kind}`)
  return sql.join(parts, sql` and `)
}

const SELECT = sql`select j.id, j.at, j.actor_id, j.kind, j.candidate_id, j.entity_id, j.count,
    ${fullNameSql('u')} as actor_name,
    ps.name as structure_name,
    ${fullNameSql('c')} as candidate_name`
const FROM = sql`from read_journal j
    left join "user" u on u.id = j.actor_id
    left join partner_structures ps on ps.id = j.structure_id
    left join candidates c on c.id = j.candidate_id and c.organisation_id = j.owner_organisation_id`

const rowOf = (r: Raw): ConsultationRow => ({
  id: Number(r.id),
  at: new Date(r.at),
  actorId: r.actor_id,
  // A structure without an account reads from the signed link sent to its address (lib/prescriptions/answer-link.ts).
  actorName: r.actor_name ?? (r.actor_id.startsWith(LINK_ACTOR_PREFIX) ? 'Lien envoyé à la structure' : null),
  structureName: r.structure_name,
  kind: r.kind,
  candidateId: r.candidate_id,
  candidateName: r.candidate_name,
  entityId: r.entity_id,
  count: r.count,
})

/** One page (50 rows) of the scope's consultations under the filters, with their total. */
export async function listConsultations(
  db: DbOrTx,
  scope: ConsultationScope,
  filters: ConsultationFilters,
): Promise<{ rows: ConsultationRow[]; total: number; page: number }> {
  const where = whereOf(scope, filters)
  const { rows } = await db.execute<Raw>(sql`${SELECT}, count(*) over ()::int as total ${FROM}
    where ${where} order by j.at desc, j.id desc
    limit ${PAGE_SIZE} offset ${(filters.page - 1) * PAGE_SIZE}`)
  return { rows: rows.map(rowOf), total: rows[0]?.total ?? 0, page: filters.page }
}

/** Everyone who read the candidate's file (the "Utilisateur" filter's choices), by name. */
export async function readersOf(
  db: DbOrTx,
  scope: { ownerOrganisationId: string; candidateId: string },
): Promise<{ value: string; label: string }[]> {
  const { rows } = await db.execute<{ actor_id: string; name: string | null; structure_name: string | null }>(sql`
    select distinct j.actor_id,
      ${fullNameSql('u')} as name,
      ps.name as structure_name
    from read_journal j
    left join "user" u on u.id = j.actor_id
    left join partner_structures ps on ps.id = j.structure_id
    where j.owner_organisation_id = ${scope.ownerOrganisationId}::uuid and j.candidate_id = ${scope.candidateId}::uuid`)
  const labelled = rows.map((r) => ({ value: r.actor_id, label: readerLabel(r.name, r.structure_name) }))
  // One choice per reader (a partner who changed structure appears once, under the first name found).
  const unique = [...new Map(labelled.map((r) => [r.value, r])).values()]
  return unique.sort((a, b) => a.label.localeCompare(b.label, 'fr'))
}

/** "Paula Moreau (Mobilité Solidaire)", or "Utilisateur supprimé" once the account is gone. */
export function readerLabel(name: string | null, structureName: string | null): string {
  const who = name ?? 'Utilisateur supprimé'
  return structureName ? `${who} (${structureName})` : who
}

/** Rows read per page by the CSV: the route holds one page at a time, whatever the journal's size. */
const CSV_PAGE = 2000

/** Every consultation of the scope under the filters (the page's filters, not its page), newest first, page by page. */
export async function* allConsultations(
  db: DbOrTx,
  scope: ConsultationScope,
  filters: ConsultationFilters,
): AsyncGenerator<ConsultationRow[]> {
  const where = whereOf(scope, filters)
  // The key keeps PostgreSQL's microseconds (a Date would round them to the millisecond and skip rows).
  let last: { at: string; id: string | number } | null = null
  for (;;) {
    const after: SQL = last ? sql`and (j.at, j.id) < (${last.at}::timestamptz, ${last.id}::bigint)` : sql``
    const { rows } = await db.execute<Raw & { at_key: string }>(sql`${SELECT}, j.at::text as at_key ${FROM}
      where ${where} ${after} order by j.at desc, j.id desc limit ${CSV_PAGE}`)
    if (rows.length) yield rows.map(rowOf)
    if (rows.length < CSV_PAGE) return
    const tail = rows.at(-1)!
    last = { at: tail.at_key, id: tail.id }
  }
}
