import { revalidatePath } from 'next/cache'
import { getDb } from '@/lib/db/client'
import { defineRoute, json, refusal } from '@/lib/frame/route'
import { commitOfferImport } from '@/lib/offers/import-offers'
import { commitStructureImport } from '@/lib/partners/import-structures'
import { analysedFile, structureUpload } from '../upload'

/** POST multipart {file} ?kind=structures|services: the same checks, then the structures (or the services) written in one transaction. */
export const POST = defineRoute({
  ...structureUpload,
  name: 'structure-import.commit',
  run: async ({ actor, organisationId, query, upload }) => {
    const checked = await analysedFile(organisationId, query.kind, upload)
    if (checked instanceof Response) return checked
    const outcome =
      checked.kind === 'structures'
        ? await commitStructureImport(getDb(), actor, checked.analysis.structures)
        : await commitOfferImport(getDb(), actor, checked.analysis.offers)
    if (!outcome.ok) return refusal(400, outcome.error)
    revalidatePath('/partners/structure/default')
    return json(outcome)
  },
})
