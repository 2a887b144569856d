import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'

/**
 * When the structure's contact address last changed, from the audit rows of its edits (`partnerStructure.updated`,
 * written by those who run it: lib/partners/structures.ts). Prescriptions to a structure without an account go to that
 * address (lib/prescriptions/answer-link.ts): the organisations that work with it see the day it changed, so that an
 * address set by one cannot quietly collect another's prescriptions. As an expression, for a read that selects it
 * with the structure (lib/partners/structure-sheet.ts); one range of audit_log_entity_idx.
 */
export const contactEmailChangedAtSql = (structureId: string): SQL => sql`(
    select max(at) from audit_log
    where entity_type = 'partnerStructure' and entity_id = ${structureId}
      and action = 'partnerStructure.updated' and details->>'contactEmailChanged' = 'true')`

export async function contactEmailChangedAt(db: DbOrTx, structureId: string): Promise<Date | null> {
  const { rows } = await db.execute<{ at: Date | string | null }>(
    sql`select ${contactEmailChangedAtSql(structureId)} as at`,
  )
  const at = rows[0]?.at
  return at ? new Date(at) : null
}
