import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { commitOfferImport } from '@/lib/offers/import-offers'
import { commitStructureImport } from '@/lib/partners/import-structures'
import { analyseStructureRequest, STRUCTURE_IMPORT_FAILED } from '@/lib/partners/structure-import-request'
import { jsonRoute } from '@/lib/http/route'

/** POST multipart {file} ?kind=structures|services: the same checks, then the structures (or the services) written in one transaction. */
export const POST = jsonRoute(async function post(request: Request) {
  const checked = await analyseStructureRequest(request)
  if (!checked.ok) return checked.response
  const actor = { actorId: checked.user.id, organisationId: checked.user.organisationId }
  try {
    const outcome =
      checked.kind === 'structures'
        ? await commitStructureImport(getDb(), actor, checked.analysis.structures)
        : await commitOfferImport(getDb(), actor, checked.analysis.offers)
    if (!outcome.ok) return Response.json({ error: outcome.error }, { status: 400 })
    revalidatePath('/partners/structure/default')
    return Response.json(outcome)
  } catch (error) {
    logError('structure-import.commit', error)
    return Response.json({ error: STRUCTURE_IMPORT_FAILED }, { status: 500 })
  }
})
