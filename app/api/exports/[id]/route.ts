import { writeAudit } from '@/lib/audit'
import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { jsonRoute } from '@/lib/http/route'
import { downloadableExport, exportPieces } from '@/lib/exports/queries'
import { isUuid } from '@/lib/ids'
import { can } from '@/lib/permissions'

const MIME: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * An export's file, for the user who asked for it, within its 7 days; every download writes an audit row. Without a
 * session the URL gives nothing (401); another user's export, or an expired one, is not found.
 */
export const GET = jsonRoute(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour télécharger cet export.' }, { status: 401 })
  const { id } = await params
  const db = getDb()
  const found =
    isUuid(id) && user.organisationId && can(user, 'settings.exports.visualize')
      ? await downloadableExport(db, { exportId: id, organisationId: user.organisationId, userId: user.id, now: now() })
      : null
  if (!found)
    return Response.json(
      { error: 'Cet export est introuvable ou n’est plus disponible (les fichiers sont gardés 7 jours).' },
      { status: 404 },
    )
  await writeAudit(db, {
    actorId: user.id,
    organisationId: user.organisationId,
    action: 'export.downloaded',
    entityType: 'export',
    entityId: found.id,
    details: { dataset: found.dataset, format: found.format, byteSize: found.byteSize },
  })
  const pieces = exportPieces(db, found.id)
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      else controller.enqueue(new Uint8Array(next.value))
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': MIME[found.format] ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${found.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})
