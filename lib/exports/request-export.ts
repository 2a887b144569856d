import { and, eq, inArray, sql } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db } from '@/lib/db/client'
import { candidateStatuses, customFieldDefinitions, dataExports, places } from '@/lib/db/schema'
import { enqueue } from '@/lib/queue/enqueue'
import { DATASETS } from './datasets'
import { EXPORT_MESSAGES, exportRequestSchema } from './schemas'

/** Exports a user may have queued or running at once. */
export const MAX_EXPORTS_IN_PROGRESS = 3
/** A custom field's column key in a candidates export: 'cf:' and the field's key. */
export const CUSTOM_FIELD_PREFIX = 'cf:'

export type RequestExportResult =
  { ok: true; exportId: string } | { ok: false; error?: string; fieldErrors?: Record<string, string> }

/**
 * Records an export and queues its job in one transaction: the job exists exactly when the export does. Columns,
 * statuses and places must be the organisation's own; a user has at most 3 exports in progress.
 */
export async function requestExport(
  db: Db,
  params: { organisationId: string; userId: string; input: unknown; now: Date },
): Promise<RequestExportResult> {
  const parsed = exportRequestSchema.safeParse(params.input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message
    return { ok: false, fieldErrors }
  }
  const request = parsed.data
  const dataset = DATASETS[request.dataset]
  const known = new Set(dataset.columns.map((c) => c.key))
  const customKeys = request.columns
    .filter((c) => c.startsWith(CUSTOM_FIELD_PREFIX))
    .map((c) => c.slice(CUSTOM_FIELD_PREFIX.length))
  if (customKeys.length && request.dataset !== 'candidates')
    return { ok: false, fieldErrors: { columns: EXPORT_MESSAGES.columnUnknown } }
  if (customKeys.length) {
    const fields = await db
      .select({ key: customFieldDefinitions.key })
      .from(customFieldDefinitions)
      .where(
        and(
          eq(customFieldDefinitions.organisationId, params.organisationId),
          inArray(customFieldDefinitions.key, customKeys),
        ),
      )
    for (const f of fields) known.add(`${CUSTOM_FIELD_PREFIX}${f.key}`)
  }
  if (request.columns.some((c) => !known.has(c)) || new Set(request.columns).size !== request.columns.length) {
    return { ok: false, fieldErrors: { columns: EXPORT_MESSAGES.columnUnknown } }
  }
  if (request.statusIds.length) {
    const found = await db
      .select({ id: candidateStatuses.id })
      .from(candidateStatuses)
      .where(
        and(
          eq(candidateStatuses.organisationId, params.organisationId),
          inArray(candidateStatuses.id, request.statusIds),
        ),
      )
    if (found.length !== new Set(request.statusIds).size)
      return { ok: false, fieldErrors: { statusIds: EXPORT_MESSAGES.listUnknown } }
  }
  if (request.placeIds.length) {
    const found = await db
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.organisationId, params.organisationId), inArray(places.id, request.placeIds)))
    if (found.length !== new Set(request.placeIds).size)
      return { ok: false, fieldErrors: { placeIds: EXPORT_MESSAGES.listUnknown } }
  }

  return db.transaction(async (tx) => {
    // One user's requests queue one after the other here: the count below cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`export:${params.userId}`}))`)
    const [inProgress] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dataExports)
      .where(and(eq(dataExports.requestedBy, params.userId), inArray(dataExports.status, ['queued', 'running'])))
    if ((inProgress?.n ?? 0) >= MAX_EXPORTS_IN_PROGRESS) return { ok: false as const, error: EXPORT_MESSAGES.tooMany }
    const filters = {
      from: request.from,
      to: request.to,
      state: dataset.filters.includes('state') ? request.state : null,
      smsStatus: dataset.filters.includes('smsStatus') ? request.smsStatus : null,
      statusIds: dataset.filters.includes('status') ? request.statusIds : [],
      placeIds: dataset.filters.includes('place') ? request.placeIds : [],
    }
    const [row] = await tx
      .insert(dataExports)
      .values({
        organisationId: params.organisationId,
        requestedBy: params.userId,
        dataset: request.dataset,
        columns: request.columns,
        filters,
        format: request.format,
        createdAt: params.now,
      })
      .returning({ id: dataExports.id })
    await enqueue(tx, { queue: 'run-export', data: { exportId: row!.id } }, { now: params.now })
    await writeAudit(tx, {
      actorId: params.userId,
      organisationId: params.organisationId,
      action: 'export.requested',
      entityType: 'export',
      entityId: row!.id,
      details: { dataset: request.dataset, format: request.format, columns: request.columns, filters },
    })
    return { ok: true as const, exportId: row!.id }
  })
}
