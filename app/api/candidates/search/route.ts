import { getActiveUser } from '@/lib/auth/session'
import { readJsonBody } from '@/lib/http/json-body'
import { jsonRoute } from '@/lib/http/route'
import { refuseForeignWrite } from '@/lib/http/same-origin'
import { searchCandidatesDashboard } from '@/lib/candidates/dashboard-search'
import { getDb } from '@/lib/db/client'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * The candidates dashboard under a search typed in the page: POST {search, placeIds, statusIds, referentIds, sort,
 * direction, page} → {rows, total} of the user's organisation. A POST body so that the search text (often a name or a
 * phone number) never goes into a URL, a history entry or an access log; JSON from the app's own pages only
 * (lib/http/same-origin.ts).
 */
export const POST = jsonRoute(async (request: Request) => {
  const user = await getActiveUser()
  if (!user)
    return Response.json({ error: 'Votre session a expiré : reconnectez-vous.' }, { status: 401, headers: NO_STORE })
  const foreign = refuseForeignWrite(request, 'json')
  if (foreign) return foreign
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const result = await searchCandidatesDashboard(getDb(), user, body.value)
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: NO_STORE })
  return Response.json({ rows: result.rows, total: result.total }, { headers: NO_STORE })
})
