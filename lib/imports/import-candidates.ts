import { sql } from 'drizzle-orm'
import { fold } from '@/lib/candidates/candidate-schema'
import { findDuplicates, lockOrganisationCandidates } from '@/lib/candidates/duplicates'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import type { CandidateValues } from '@/lib/candidates/candidate-schema'
import { nirColumns } from '@/lib/candidates/nir-columns'
import { NIR_KEY_MISSING_MESSAGE, nirKeyringOrNull } from '@/lib/crypto/nir-cipher'
import type { ColumnTarget } from './columns'
import { IMPORT_BATCH_SIZE, IMPORT_MESSAGES } from './messages'
import type { ImportTable } from './parse-file'
import { checkRows, loadImportContext, type CheckedRow } from './validate-rows'

/**
 * Before the confirmation: valid, invalid (with its reasons) or duplicate. After it: imported, a duplicate imported or
 * skipped, or not imported because the person chose "Tout ou rien" and some row was invalid.
 */
export type LineStatus =
  'valid' | 'invalid' | 'duplicate' | 'imported' | 'duplicateImported' | 'duplicateSkipped' | 'notImported'
export type ReportLine = { line: number; lastName: string; firstName: string; status: LineStatus; reasons: string[] }
export type ImportCounts = { rows: number; valid: number; invalid: number; duplicates: number }
export type ImportAnalysis = { counts: ImportCounts; lines: ReportLine[]; checked: CheckedRow[] }

export type ImportStep = 'validate' | 'duplicates' | 'insert'
export type ImportProgress = (step: ImportStep, done: number, total: number) => void | Promise<void>

/**
 * Every row checked against the rules and the organisation's settings, then the valid ones against each other and
 * against the organisation's candidates (same NIR, or same names and birth date): one query for the settings, one for
 * the duplicates, whatever the number of rows. Writes nothing.
 */
/**
 * `matchNir`: whether an existing candidate with the same NIR counts as a duplicate. Only for users who may read NIRs
 * (candidate.nir.visualize): otherwise a file of made-up NIRs would tell them which ones exist.
 */
export async function analyseImport(
  db: DbOrTx,
  organisationId: string,
  table: ImportTable,
  mapping: ColumnTarget[],
  onProgress?: ImportProgress,
  matchNir = false,
): Promise<ImportAnalysis> {
  const context = await loadImportContext(db, organisationId)
  const noKey = !nirKeyringOrNull()
  // A server without the NIR key refuses the rows that carry one rather than store it in clear.
  const checked = checkRows(table.rows, mapping, context).map((r): CheckedRow =>
    noKey && r.ok && r.values.socialSecurityNumber
      ? { line: r.line, lastName: r.lastName, firstName: r.firstName, ok: false, reasons: [NIR_KEY_MISSING_MESSAGE] }
      : r,
  )
  await onProgress?.('validate', checked.length, checked.length)

  const valid = checked.filter((r) => r.ok)
  const duplicateReason = new Map<number, string>()
  // Inside the file: the first occurrence is kept, the later ones point to it.
  const firstLineOf = new Map<string, number>()
  for (const row of valid) {
    const keys = [
      row.values.socialSecurityNumber && `nir:${row.values.socialSecurityNumber}`,
      row.values.birthDate && `id:${fold(row.lastName)}|${fold(row.firstName)}|${row.values.birthDate}`,
    ]
    for (const key of keys) {
      if (!key) continue
      const first = firstLineOf.get(key)
      if (first !== undefined && !duplicateReason.has(row.line))
        duplicateReason.set(row.line, IMPORT_MESSAGES.duplicateInFile(first))
      if (first === undefined) firstLineOf.set(key, row.line)
    }
  }
  const existing = await findDuplicates(
    db,
    organisationId,
    valid.map((r) => ({
      nir: matchNir ? r.values.socialSecurityNumber : null,
      lastName: r.values.lastName,
      firstName: r.values.firstName,
      birthDate: r.values.birthDate,
    })),
  )
  for (const index of existing.keys())
    if (!duplicateReason.has(valid[index]!.line))
      duplicateReason.set(valid[index]!.line, IMPORT_MESSAGES.duplicateExisting)
  await onProgress?.('duplicates', valid.length, valid.length)

  const lines: ReportLine[] = checked.map((r) => {
    const base = { line: r.line, lastName: r.lastName, firstName: r.firstName }
    if (!r.ok) return { ...base, status: 'invalid', reasons: r.reasons }
    const duplicate = duplicateReason.get(r.line)
    return duplicate
      ? { ...base, status: 'duplicate', reasons: [duplicate] }
      : { ...base, status: 'valid', reasons: [] }
  })
  const counts = {
    rows: checked.length,
    valid: lines.filter((l) => l.status === 'valid').length,
    invalid: lines.filter((l) => l.status === 'invalid').length,
    duplicates: duplicateReason.size,
  }
  return { counts, lines, checked }
}

export type ImportMode = 'valid' | 'allOrNothing'
export type ImportOptions = {
  organisationId: string
  actorId: string
  table: ImportTable
  mapping: ColumnTarget[]
  mode: ImportMode
  includeDuplicates: boolean
  onProgress?: ImportProgress
  /** See analyseImport. */
  matchNir?: boolean
}
export type ImportResult =
  | { ok: true; imported: number; counts: ImportCounts; lines: ReportLine[] }
  | { ok: false; error: string; counts: ImportCounts; lines: ReportLine[] }

/**
 * The confirmed import: the file is analysed again (the server never trusts the preview), then the valid rows — and
 * the duplicates if the person asked for them — are inserted in batches of IMPORT_BATCH_SIZE, all in one transaction
 * with one 'candidate.import' audit row (counts only). With 'allOrNothing', one invalid row means nothing is written.
 */
export async function importCandidates(db: DbOrTx, options: ImportOptions): Promise<ImportResult> {
  const { organisationId, actorId, table, mapping, mode, includeDuplicates, onProgress, matchNir = false } = options
  return db.transaction(async (tx) => {
    // One import (or candidate creation) of an organisation at a time: a second one, a retry or a second tab, then
    // sees the first one's rows as duplicates instead of inserting them again.
    await lockOrganisationCandidates(tx, organisationId)
    const analysis = await analyseImport(tx, organisationId, table, mapping, onProgress, matchNir)
    const { counts } = analysis
    if (mode === 'allOrNothing' && counts.invalid > 0) {
      const lines = analysis.lines.map((l) => (l.status === 'invalid' ? l : { ...l, status: 'notImported' as const }))
      return { ok: false, error: IMPORT_MESSAGES.allOrNothingBlocked(counts.invalid), counts, lines }
    }

    const statusByLine = new Map(analysis.lines.map((l) => [l.line, l.status]))
    const wanted = (status: LineStatus | undefined) =>
      status === 'valid' || (includeDuplicates && status === 'duplicate')
    const toInsert = analysis.checked.filter(
      (r): r is Extract<CheckedRow, { ok: true }> => r.ok && wanted(statusByLine.get(r.line)),
    )
    for (let start = 0; start < toInsert.length; start += IMPORT_BATCH_SIZE) {
      const batch = toInsert.slice(start, start + IMPORT_BATCH_SIZE)
      await insertBatch(
        tx,
        organisationId,
        batch.map((r) => r.values),
      )
      await onProgress?.('insert', Math.min(start + IMPORT_BATCH_SIZE, toInsert.length), toInsert.length)
    }
    await writeAudit(tx, {
      actorId,
      organisationId,
      action: 'candidate.import',
      entityType: 'organisation',
      entityId: organisationId,
      details: {
        format: table.format,
        mode,
        includeDuplicates,
        rows: counts.rows,
        imported: toInsert.length,
        invalid: counts.invalid,
        duplicates: counts.duplicates,
      },
    })
    const lines = analysis.lines.map((l): ReportLine => {
      if (l.status === 'valid') return { ...l, status: 'imported' }
      if (l.status === 'duplicate')
        return { ...l, status: includeDuplicates ? 'duplicateImported' : 'duplicateSkipped' }
      return l
    })
    return { ok: true, imported: toInsert.length, counts, lines }
  })
}

/**
 * One INSERT … SELECT FROM unnest(…) per batch: one array parameter per column instead of one parameter per cell.
 * Building Drizzle's multi-row VALUES for 1 000 rows (16 000 parameters) took longer than PostgreSQL took to run it.
 */
async function insertBatch(tx: DbOrTx, organisationId: string, batch: CandidateValues[]) {
  // The NIR goes in encrypted, with its blind index and masked prefix (lib/candidates/nir-columns.ts).
  const rows = batch.map((v) => ({ ...v, ...nirColumns(v.socialSecurityNumber) }))
  const column = <T>(pick: (v: (typeof rows)[number]) => T) => sql.param(rows.map(pick))
  await tx.execute(sql`
    insert into candidates (organisation_id, first_name, last_name, gender, birth_date, phone, email, nir_encrypted, nir_blind_index,
      nir_prefix, caf_number, pole_emploi_number, address_formatted, address_is_qpv, place_id, status_id, referent_id, custom_fields)
    select ${organisationId}::uuid, * from unnest(
      ${column((v) => v.firstName)}::text[], ${column((v) => v.lastName)}::text[], ${column((v) => v.gender)}::gender[],
      ${column((v) => v.birthDate)}::date[], ${column((v) => v.phone)}::text[], ${column((v) => v.email)}::text[],
      ${column((v) => v.nirEncrypted)}::text[], ${column((v) => v.nirBlindIndex)}::text[], ${column((v) => v.nirPrefix)}::text[],
      ${column((v) => v.cafNumber)}::text[], ${column((v) => v.poleEmploiNumber)}::text[],
      ${column((v) => v.addressFormatted)}::text[], ${column((v) => v.addressIsQpv)}::boolean[], ${column((v) => v.placeId)}::uuid[],
      ${column((v) => v.statusId)}::uuid[], ${column((v) => v.referentId)}::text[], ${column((v) => JSON.stringify(v.customFields))}::jsonb[]
    )`)
}
