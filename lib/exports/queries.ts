import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '@/lib/db/client'
import { dataExports, exportChunks } from '@/lib/db/schema'

/** The user's own exports, newest first (an export is its requester's alone, even for the other administrators). */
export function exportsOfUser(db: DbOrTx, params: { organisationId: string; userId: string; limit?: number }) {
  return db
    .select({
      id: dataExports.id,
      dataset: dataExports.dataset,
      format: dataExports.format,
      status: dataExports.status,
      totalRows: dataExports.totalRows,
      doneRows: dataExports.doneRows,
      fileName: dataExports.fileName,
      byteSize: dataExports.byteSize,
      createdAt: dataExports.createdAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(and(eq(dataExports.organisationId, params.organisationId), eq(dataExports.requestedBy, params.userId)))
    .orderBy(desc(dataExports.createdAt))
    .limit(params.limit ?? 20)
}
export type ExportListRow = Awaited<ReturnType<typeof exportsOfUser>>[number]

/** A finished, unexpired export of this user in this organisation, or null (another's export is "not found"). */
export async function downloadableExport(
  db: DbOrTx,
  params: { exportId: string; organisationId: string; userId: string; now: Date },
) {
  const [row] = await db
    .select({
      id: dataExports.id,
      fileName: dataExports.fileName,
      format: dataExports.format,
      byteSize: dataExports.byteSize,
      dataset: dataExports.dataset,
    })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, params.exportId),
        eq(dataExports.organisationId, params.organisationId),
        eq(dataExports.requestedBy, params.userId),
        eq(dataExports.status, 'done'),
        gt(dataExports.expiresAt, params.now),
      ),
    )
  return row ?? null
}

/** The file's pieces, one query each: a download streams them without holding the file. */
export async function* exportPieces(db: DbOrTx, exportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [piece] = await db
      .select({ content: exportChunks.content })
      .from(exportChunks)
      .where(and(eq(exportChunks.exportId, exportId), eq(exportChunks.seq, seq)))
    if (!piece) return
    yield piece.content
  }
}

/** Deletes the files of the exports past their 7 days (the rows stay: who asked for what, and when). Returns how many. */
export async function purgeExpiredExports(db: Db, at: Date): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        lt(dataExports.expiresAt, at),
        sql`exists (select 1 from export_chunks c where c.export_id = ${dataExports.id})`,
      ),
    )
    .orderBy(asc(dataExports.expiresAt))
  for (const { id } of expired) await db.delete(exportChunks).where(eq(exportChunks.exportId, id))
  return expired.length
}
