import { getActiveUser } from '@/lib/auth/session'
import { readJsonBody } from '@/lib/http/json-body'
import { jsonRoute } from '@/lib/http/route'
import { refuseForeignWrite } from '@/lib/http/same-origin'
import { EXPORT_MESSAGES, exportBodySchema, exportCandidates } from '@/lib/candidates/export-candidates'
import { getDb } from '@/lib/db/client'
import { can } from '@/lib/permissions'

/**
 * "Exporter la sélection" of the candidates dashboard: POST {ids} → a CSV download of the organisation's candidates
 * (never the NIR). JSON from the app's own pages only (lib/http/same-origin.ts).
 */
export const POST = jsonRoute(async (request: Request) => {
  const user = await getActiveUser()
  if (!user?.organisationId || !can(user, 'candidate.export'))
    return Response.json({ error: 'Cette action ne vous est pas permise.' }, { status: 403 })
  const foreign = refuseForeignWrite(request, 'json')
  if (foreign) return foreign
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const parsed = exportBodySchema.safeParse(body.value)
  // The schema's French messages are on `ids`; a body that is not {ids} at all gets the generic one.
  if (!parsed.success)
    return Response.json(
      { error: parsed.error.issues.find((i) => i.path[0] === 'ids')?.message ?? 'Requête invalide.' },
      { status: 400 },
    )
  const result = await exportCandidates(getDb(), {
    organisationId: user.organisationId,
    ids: parsed.data.ids,
    actorId: user.id,
  })
  if (!result.ok) return Response.json({ error: EXPORT_MESSAGES.notFound }, { status: 404 })
  return new Response(result.csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${result.filename}"`,
      'cache-control': 'no-store',
    },
  })
})
