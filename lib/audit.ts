import type { DbOrTx } from '@/lib/db/client'
import { auditLog } from '@/lib/db/schema'

export type AuditEntry = {
  actorId: string | null
  organisationId?: string | null
  structureId?: string | null
  action: string
  entityType: string
  entityId: string
  /** Ids and codes only — never names, phones, emails or the NIR. */
  details?: Record<string, unknown>
}

/** Written in the same transaction as the change it records. */
export async function writeAudit(db: DbOrTx, entries: AuditEntry | AuditEntry[]) {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((e) => ({ ...e, details: e.details ?? {} }))
  if (rows.length) await db.insert(auditLog).values(rows)
}
