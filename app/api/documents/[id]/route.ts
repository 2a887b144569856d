import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { jsonRoute } from '@/lib/http/route'
import { readApplyDocument } from '@/lib/journal/apply-reads'

/**
 * Spec §7 "Download prescription document as PDF": 200 with the PDF, for the tenants of its apply only (organisation
 * users with candidate.visualize), each download in the read journal.
 */
export const GET = jsonRoute(async function get(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour télécharger ce document.' }, { status: 401 })
  const { id } = await params
  const doc = await readApplyDocument(getDb(), user, id)
  if (!doc) return Response.json({ error: 'Ce document est introuvable.' }, { status: 404 })
  return new Response(new Uint8Array(doc.content), {
    headers: {
      'Content-Type': doc.mimeType,
      'Content-Disposition': `attachment; filename="${doc.name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})
