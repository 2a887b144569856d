import fs from 'node:fs'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { addElapsedDays, parisToday } from '@/lib/dates'
import { parisDaySql } from '@/lib/dates-sql'
import type { Db } from '@/lib/db/client'
import { customFieldDefinitions, dataExports, exportChunks } from '@/lib/db/schema'
import { recordRead } from '@/lib/journal/record-read'
import { DATASETS, readDatasetRows, rowCells, type DatasetKey, type ExportColumn } from './datasets'
import { csvWriter, xlsxWriter } from './file-writers'
import { withPrivateFile } from './private-file'
import { CUSTOM_FIELD_PREFIX } from './request-export'

/** Rows read per page (keyset on the row id): the worker holds one page at a time, whatever the export's size. */
const PAGE = 2000
/** The file's pieces in export_chunks. */
const CHUNK_BYTES = 1024 * 1024
/** How long a finished export's file is kept. */
export const EXPORT_KEPT_DAYS = 7

const SLUGS: Record<DatasetKey, string> = {
  candidates: 'candidats',
  prescriptions: 'prescriptions',
  workshops: 'ateliers',
  sms: 'sms',
}

type ExportRow = typeof dataExports.$inferSelect

/**
 * The export job: reads the rows page by page (keyset, tenant in every page), writes them as they come to a file in
 * a private folder of the system's temporary folder (CSV UTF-8 with BOM and `;`, or XLSX through ExcelJS's streaming
 * writer; lib/exports/private-file.ts), counts its progress on the export's row (its heartbeat), then stores the file
 * in 1 MB pieces, marks the export done and journals it (one read-journal row with the number of persons in the file)
 * in one transaction. Each run is an attempt of its own: a retry or the recovery of a killed worker starts over as a new
 * attempt, and the older one stops at its next page; an export already done is left alone.
 */
export async function runExport(
  db: Db,
  exportId: string,
  options: { now: () => Date },
): Promise<'done' | 'already' | 'missing' | 'superseded'> {
  const [claimed] = await db
    .update(dataExports)
    .set({ status: 'running', doneRows: 0, attempt: sql`${dataExports.attempt} + 1`, heartbeatAt: sql`now()` })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'running'])))
    .returning()
  if (!claimed) {
    const [existing] = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.id, exportId))
    return existing ? 'already' : 'missing'
  }
  // Every write of this run is this attempt's: once the recovery (or a retry) made another, this one writes nothing.
  const mine = and(
    eq(dataExports.id, exportId),
    eq(dataExports.attempt, claimed.attempt),
    eq(dataExports.status, 'running'),
  )
  const beat = async (values: { doneRows?: number; totalRows?: number }) =>
    (
      await db
        .update(dataExports)
        .set({ ...values, heartbeatAt: sql`now()` })
        .where(mine)
        .returning({ id: dataExports.id })
    ).length > 0
  const dataset = DATASETS[claimed.dataset as DatasetKey]
  const columns = await columnsOf(db, claimed)
  const where = whereOf(claimed)
  const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${dataset.from} where ${where}`))
    .rows
  if (!(await beat({ totalRows: total?.n ?? 0 }))) return 'superseded'

  // One private folder per attempt: a superseded run on the same machine removes its own file, never the winner's.
  return withPrivateFile<'done' | 'superseded'>(`export.${claimed.format}`, async (file) => {
    const writer = claimed.format === 'xlsx' ? xlsxWriter(file, dataset.label) : csvWriter(file)
    await writer.header(columns.map((c) => c.label))
    let last: string | null = null
    let done = 0
    // The persons in the file, for the read journal: a person of many rows (prescriptions, SMS) counts once.
    const persons = new Set<string>()
    for (;;) {
      const page = await readDatasetRows(db, dataset, columns, last ? sql`${where} and r.id > ${last}::uuid` : where, {
        limit: PAGE,
      })
      for (const row of page) {
        if (row.__person) persons.add(row.__person)
        await writer.row(rowCells(row, columns))
      }
      done += page.length
      if (!(await beat({ doneRows: done }))) return 'superseded'
      if (page.length < PAGE) break
      last = page.at(-1)!.__id
    }
    await writer.end()

    const at = options.now()
    const fileName = `passerelle-${SLUGS[claimed.dataset as DatasetKey]}-${parisToday(at)}.${claimed.format}`
    if (!(await beat({}))) return 'superseded'
    const stored = await db.transaction(async (tx) => {
      // This attempt's row, locked: the recovery cannot hand the export to another attempt while its file is stored.
      const [own] = await tx.select({ id: dataExports.id }).from(dataExports).where(mine).for('update')
      if (!own) return false
      await tx.delete(exportChunks).where(eq(exportChunks.exportId, exportId))
      let seq = 0
      let size = 0
      for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
        await tx.insert(exportChunks).values({ exportId, seq: seq++, content: chunk as Buffer })
        size += (chunk as Buffer).length
      }
      await tx
        .update(dataExports)
        .set({
          status: 'done',
          doneRows: done,
          fileName,
          byteSize: size,
          finishedAt: at,
          expiresAt: addElapsedDays(at, EXPORT_KEPT_DAYS),
          heartbeatAt: null,
        })
        .where(eq(dataExports.id, exportId))
      await recordRead(tx, {
        actorId: claimed.requestedBy,
        organisationId: claimed.organisationId,
        ownerOrganisationId: claimed.organisationId,
        kind: 'export',
        entityId: exportId,
        count: persons.size,
        at,
      })
      return true
    })
    return stored ? 'done' : 'superseded'
  })
}

/** The last attempt failed: the export says so (its file, if any piece was written, goes). */
export async function markExportFailed(db: Db, exportId: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(exportChunks).where(eq(exportChunks.exportId, exportId))
    await tx
      .update(dataExports)
      .set({ status: 'failed', finishedAt: at })
      .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'running'])))
  })
}

async function columnsOf(db: Db, row: ExportRow): Promise<ExportColumn[]> {
  const dataset = DATASETS[row.dataset as DatasetKey]
  const byKey = new Map(dataset.columns.map((c) => [c.key, c]))
  const customKeys = row.columns
    .filter((c) => c.startsWith(CUSTOM_FIELD_PREFIX))
    .map((c) => c.slice(CUSTOM_FIELD_PREFIX.length))
  const fields = customKeys.length
    ? await db
        .select({
          key: customFieldDefinitions.key,
          label: customFieldDefinitions.label,
          options: customFieldDefinitions.options,
        })
        .from(customFieldDefinitions)
        .where(
          and(
            eq(customFieldDefinitions.organisationId, row.organisationId),
            inArray(customFieldDefinitions.key, customKeys),
          ),
        )
    : []
  const fieldByKey = new Map(fields.map((f) => [`${CUSTOM_FIELD_PREFIX}${f.key}`, f]))
  return row.columns.flatMap((key): ExportColumn[] => {
    const column = byKey.get(key)
    if (column) return [column]
    const field = fieldByKey.get(key)
    if (!field) return []
    return [
      {
        key,
        label: field.label,
        sql: sql`r.custom_fields -> ${field.key}`,
        options: field.options.length ? new Map(field.options.map((o) => [o.value, o.label])) : undefined,
      },
    ]
  })
}

function whereOf(row: ExportRow): SQL {
  const dataset = DATASETS[row.dataset as DatasetKey]
  const f = row.filters
  const parts: SQL[] = [dataset.tenant(row.organisationId)]
  if (typeof f.from === 'string') parts.push(sql`${parisDaySql(dataset.dateColumn)} >= ${f.from}::date`)
  if (typeof f.to === 'string') parts.push(sql`${parisDaySql(dataset.dateColumn)} <= ${f.to}::date`)
  if (typeof f.state === 'string') parts.push(sql`r.state = ${f.state}`)
  if (typeof f.smsStatus === 'string') parts.push(sql`r.status = ${f.smsStatus}`)
  const ids = (list: unknown) => (Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [])
  const statusIds = ids(f.statusIds)
  const placeIds = ids(f.placeIds)
  if (statusIds.length)
    parts.push(
      sql`r.status_id in (${sql.join(
        statusIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  if (placeIds.length)
    parts.push(
      sql`r.place_id in (${sql.join(
        placeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  return sql.join(parts, sql` and `)
}
