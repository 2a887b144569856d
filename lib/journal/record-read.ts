import type { DbOrTx } from '@/lib/db/client'
import { readJournal } from '@/lib/db/schema'

/** The kinds of read the journal records. */
export const READ_KINDS = [
  'candidate.sheet',
  'candidate.nir',
  'fup.dialog',
  'fup.pdf',
  'prescription.partner',
  'export',
  'candidate.access-export',
] as const
export type ReadKind = (typeof READ_KINDS)[number]

export type ReadEntry = {
  actorId: string
  organisationId: string | null
  structureId?: string | null
  ownerOrganisationId: string
  candidateId?: string | null
  kind: ReadKind
  entityId?: string | null
  count?: number | null
}

/** One row per read; ids and the kind only, never a name, a phone or the NIR. */
export async function recordRead(db: DbOrTx, entries: ReadEntry | ReadEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries]
  if (rows.length) await db.insert(readJournal).values(rows)
}
