import { sql } from 'drizzle-orm'
import { getCandidate, type CandidateRecord } from '@/lib/candidates/queries'
import { now } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import type { ReadKind } from './record-read'

type Reader = { id: string; organisationId: string }

/**
 * Writes the journal row of one look at a candidate's sheet, if the candidate is the reader's organisation's: one
 * statement that checks the tenant and inserts, so a foreign or unknown id journals nothing. Returns whether it wrote.
 */
export async function journalSheetRead(
  db: DbOrTx,
  reader: Reader,
  candidateId: string,
  kind: ReadKind,
  at: Date = now(),
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    insert into read_journal (at, actor_id, organisation_id, owner_organisation_id, candidate_id, kind)
    select ${at}, ${reader.id}, c.organisation_id, c.organisation_id, c.id, ${kind}
    from candidates c where c.id = ${candidateId}::uuid and c.organisation_id = ${reader.organisationId}::uuid`)
  return (rowCount ?? 0) > 0
}

/**
 * The sheet's read of the candidate with its journal row, side by side (no extra wait on the page). A read that could
 * not be journaled is not shown: the page fails rather than show a file no one will know was read.
 */
export async function readCandidateForSheet(
  db: DbOrTx,
  reader: Reader,
  candidateId: string,
  kind: ReadKind | null,
): Promise<CandidateRecord | null> {
  const [candidate] = await Promise.all([
    getCandidate(db, reader.organisationId, candidateId),
    kind ? journalSheetRead(db, reader, candidateId, kind) : null,
  ])
  return candidate
}
