import { listAppliesByTab } from '@/lib/applies/list-by-tab'
import { readJsonBody } from '@/lib/http/json-body'
import { jsonRoute } from '@/lib/http/route'
import { refuseForeignWrite } from '@/lib/http/same-origin'
import { listRequestSchema } from '@/lib/applies/list-request'
import { getActiveUser } from '@/lib/auth/session'
import { PAGE_SIZE } from '@/lib/constants'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * Spec §7 "Fetch applies by tab": {rows, counts} of one page (50 rows, skip by page). Only the partner
 * structure that owns the offer gets rows; any other user gets an empty result (the offer is not theirs).
 */
export const POST = jsonRoute(async (request: Request, { params }: { params: Promise<{ offerId: string }> }) => {
  const foreign = refuseForeignWrite(request, 'json')
  if (foreign) return foreign
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Votre session a expiré : reconnectez-vous.' }, { status: 401 })
  const { offerId } = await params
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const parsed = listRequestSchema.safeParse(body.value)
  if (!parsed.success || !isUuid(offerId))
    return Response.json({ error: 'Les filtres de la liste ne sont pas valides.' }, { status: 400 })
  if (!user.structureId) return Response.json({ error: 'Cette offre est introuvable.' }, { status: 404 })
  const { tab, search, placeIds, statusValues, page } = parsed.data
  const list = await listAppliesByTab(getDb(), {
    structureId: user.structureId,
    offerId,
    tab,
    filters: { search, placeIds, statusValues },
    skip: (page - 1) * PAGE_SIZE,
  })
  return Response.json(list, { headers: NO_STORE })
})
