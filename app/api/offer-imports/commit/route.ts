import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { defineRoute, json, refusal } from '@/lib/frame/route'
import { commitOfferImport } from '@/lib/offers/import-offers'
import { analysedOffers, offerUpload } from '../upload'

/** POST multipart {file} ?structureId=: the same checks, then the valid rows written in one transaction. */
export const POST = defineRoute({
  ...offerUpload,
  name: 'offer-import.commit',
  run: async ({ user, query: { structureId }, upload }) => {
    const analysis = await analysedOffers(structureId, upload)
    if (analysis instanceof Response) return analysis
    const outcome = await commitOfferImport(
      getDb(),
      { actorId: user.id, organisationId: user.organisationId },
      analysis.offers,
    )
    if (!outcome.ok) return refusal(400, outcome.error)
    revalidatePath(`/partners/structure/${structureId}`)
    return json({ created: outcome.created, updated: outcome.updated, skipped: analysis.invalid })
  },
})
