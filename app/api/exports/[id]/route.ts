import { writeAudit } from '@/lib/audit'
import { now } from '@/lib/clock'
import { getDb } from '@/lib/db/client'
import { downloadableExport, exportPieces } from '@/lib/exports/queries'
import { defineRoute, download, refusal } from '@/lib/frame/route'

const MIME: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
const NOT_FOUND = 'Cet export est introuvable ou n’est plus disponible (les fichiers sont gardés 7 jours).'

/**
 * An export's file, for the user who asked for it, within its 7 days; every download writes an audit row. Without a
 * session the URL gives nothing (401); another user's export, or an expired one, is not found.
 */
export const GET = defineRoute({
  name: 'exports.download',
  permission: 'settings.exports.visualize',
  tenant: 'organisation',
  hide: true,
  ids: ['id'],
  messages: { signedOut: 'Connectez-vous pour télécharger cet export.', notFound: NOT_FOUND },
  run: async ({ user, organisationId, params }) => {
    const db = getDb()
    const found = await downloadableExport(db, { exportId: params.id!, organisationId, userId: user.id, now: now() })
    if (!found) return refusal(404, NOT_FOUND)
    await writeAudit(db, {
      actorId: user.id,
      organisationId,
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
    return download(body, {
      type: MIME[found.format] ?? 'application/octet-stream',
      fileName: found.fileName ?? `passerelle-export.${found.format}`,
    })
  },
})
