import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { writeAudit } from '@/lib/audit'
import { recordRead } from '@/lib/journal/record-read'
import { csvFile } from '@/lib/csv/csv'
import { parisToday } from '@/lib/dates'
import { DATASETS, readDatasetRows, rowCells } from '@/lib/exports/datasets'
import { BULK_MAX_IDS, BULK_MESSAGES } from './bulk-status'
import { now as clockNow } from '@/lib/clock'

export const EXPORT_MESSAGES = {
  notFound: 'Certains candidats sont introuvables\u00a0: rien n’a été exporté.',
} as const

/** POST /api/candidates/export body: the selected candidates' ids. */
export const exportBodySchema = z.object({
  ids: z
    .array(z.uuid({ message: EXPORT_MESSAGES.notFound }), { message: BULK_MESSAGES.noSelection })
    .min(1, BULK_MESSAGES.noSelection)
    .max(BULK_MAX_IDS, BULK_MESSAGES.tooMany),
})

/**
 * "Exporter la sélection": the candidates data set of /v2/settings/exports (lib/exports/datasets.ts), these columns in
 * this order. Identity and follow-up only: never the NIR; neither the CAF number nor the France Travail identifier
 * (what a list of candidates needs, no more).
 */
const DATASET = DATASETS.candidates
const COLUMNS = [
  'lastName',
  'firstName',
  'birthDate',
  'phone',
  'email',
  'address',
  'qpv',
  'place',
  'status',
  'referent',
  'createdAt',
].map((key) => DATASET.columns.find((c) => c.key === key)!)

export type ExportResult = { ok: true; csv: string; count: number; filename: string } | { ok: false; error: 'notFound' }

/**
 * The selected candidates of the organisation as a CSV for French spreadsheets (lib/csv/csv.ts), by name, with an
 * audit row 'candidate.export' (count and ids). All or nothing: an id of another organisation, or unknown, exports
 * nothing and writes nothing.
 */
export async function exportCandidates(
  db: Db,
  params: { organisationId: string; ids: string[]; actorId: string; now?: Date },
): Promise<ExportResult> {
  const { organisationId, actorId, now = clockNow() } = params
  const ids = [...new Set(params.ids)]
  if (ids.length === 0) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const rows = await readDatasetRows(
      tx,
      DATASET,
      COLUMNS,
      sql`${DATASET.tenant(organisationId)} and r.id = any(${sql.param(ids)}::uuid[])`,
      { orderBy: sql`r.last_name, r.first_name, r.id` },
    )
    if (rows.length !== ids.length) return { ok: false, error: 'notFound' } as const
    await writeAudit(tx, {
      actorId,
      organisationId,
      action: 'candidate.export',
      entityType: 'organisation',
      entityId: organisationId,
      details: { count: rows.length, candidateIds: rows.map((r) => r.__id) },
    })
    await recordRead(tx, {
      actorId,
      organisationId,
      ownerOrganisationId: organisationId,
      kind: 'export',
      count: rows.length,
      at: now,
    })
    const csv = csvFile([COLUMNS.map((c) => c.label), ...rows.map((r) => rowCells(r, COLUMNS))])
    return { ok: true, csv, count: rows.length, filename: `candidats-${parisToday(now)}.csv` } as const
  })
}
