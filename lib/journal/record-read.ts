import { now } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { readJournal } from '@/lib/db/schema'

/**
 * The kinds of read the journal records. The candidate sheet has one per tab: each tab shows another part of the
 * person's file (their diagnosis, their SMS…), and an administrator asked "who read what" needs to tell them apart.
 */
export const READ_KINDS = [
  'candidate.sheet',
  'candidate.identity',
  'candidate.situation',
  'candidate.diagnosis',
  'candidate.prescriptions',
  'candidate.employment',
  'candidate.workshops',
  'candidate.courses',
  'candidate.sms',
  'candidate.history',
  'candidate.nir',
  'fup.dialog',
  'fup.link',
  'fup.pdf',
  'export',
  'candidate.access-export',
] as const
export type ReadKind = (typeof READ_KINDS)[number]

export function isReadKind(value: unknown): value is ReadKind {
  return typeof value === 'string' && (READ_KINDS as readonly string[]).includes(value)
}

export type ReadEntry = {
  actorId: string
  organisationId: string | null
  structureId?: string | null
  ownerOrganisationId: string
  candidateId?: string | null
  kind: ReadKind
  entityId?: string | null
  count?: number | null
  /** The domain's clock (lib/clock.ts) unless told: a fixed test clock and the retention purge agree. */
  at?: Date
}

/** One row per read; ids and the kind only, never a name, a phone or the NIR. */
export async function recordRead(db: DbOrTx, entries: ReadEntry | ReadEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((e) => ({ ...e, at: e.at ?? now() }))
  if (rows.length) await db.insert(readJournal).values(rows)
}
