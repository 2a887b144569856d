import 'server-only'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { analyseOfferUpload, OFFER_IMPORT_FAILED, type OfferUploadChecked } from './import-upload'

export { OFFER_IMPORT_FAILED }

/** The route handlers' entry: this request's user, then lib/offers/import-upload.ts (the right before the upload). */
export async function analyseRequest(request: Request): Promise<OfferUploadChecked> {
  return analyseOfferUpload(getDb(), request, await getActiveUser())
}
