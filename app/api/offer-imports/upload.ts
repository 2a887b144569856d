import { lineText } from '@/lib/text/safe-text'
import { z } from 'zod'
import type { CurrentUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { refusal } from '@/lib/frame/route'
import type { Upload } from '@/lib/http/multipart-body'
import { isUuid } from '@/lib/ids'
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/lib/imports/messages'
import { analyseOfferImport } from '@/lib/offers/import-offers'
import { mayWriteOffersOf } from '@/lib/offers/write-offer'

/**
 * Both steps of the social offers import (lib/frame/route.ts). Who may write the structure's offers is decided before
 * a byte of the upload (up to 10 Mo) is read: the structure is named in the query string (`?structureId=`), not in
 * the body.
 */
export const offerUpload = {
  body: 'multipart',
  maxBytes: IMPORT_MAX_BYTES,
  permission: 'candidate.socialboard.modify',
  tenant: 'any',
  query: z.object({ structureId: lineText().default('') }),
  allow: ({ user, query }: { user: CurrentUser; query: { structureId: string } }) =>
    isUuid(query.structureId) && mayWriteOffersOf(getDb(), user, query.structureId),
  messages: {
    forbidden: 'Vous n’avez pas la permission d’importer des offres pour cette structure.',
    tooLarge: IMPORT_MESSAGES.tooLarge,
    noFile: IMPORT_MESSAGES.noFile,
    failed: 'L’import a échoué\u00a0: aucune offre n’a été enregistrée. Réessayez dans un instant.',
  },
} as const

/** Every row of the file checked for the structure (writes nothing), or the French 400 of a file that cannot be read. */
export async function analysedOffers(structureId: string, { bytes, fileName }: Upload) {
  const analysis = await analyseOfferImport(getDb(), structureId, bytes, fileName)
  return analysis.ok ? analysis : refusal(400, analysis.error)
}
