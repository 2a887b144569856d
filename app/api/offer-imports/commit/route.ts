import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { commitOfferImport } from '@/lib/offers/import-offers'
import { analyseRequest, OFFER_IMPORT_FAILED } from '@/lib/offers/import-request'
import { logError } from '@/lib/log'
import { jsonRoute } from '@/lib/http/route'

/** POST multipart {file} ?structureId=: the same checks, then the valid rows written in one transaction. */
export const POST = jsonRoute(async function post(request: Request) {
  const checked = await analyseRequest(request)
  if (!checked.ok) return checked.response
  try {
    const outcome = await commitOfferImport(
      getDb(),
      { actorId: checked.user.id, organisationId: checked.user.organisationId },
      checked.analysis.offers,
    )
    if (!outcome.ok) return Response.json({ error: outcome.error }, { status: 400 })
    revalidatePath(`/partners/structure/${checked.structureId}`)
    return Response.json({ created: outcome.created, updated: outcome.updated, skipped: checked.analysis.invalid })
  } catch (error) {
    logError('offer-import.commit', error)
    return Response.json({ error: OFFER_IMPORT_FAILED }, { status: 500 })
  }
})
