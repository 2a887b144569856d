import 'server-only'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { readUpload } from '@/lib/imports/read-upload'
import { logError } from '@/lib/log'
import { analyseOfferImport, type OfferImportAnalysis } from './import-offers'
import { mayWriteOffersOf } from './write-offer'

const FORBIDDEN = 'Vous n’avez pas la permission d’importer des offres pour cette structure.'
export const OFFER_IMPORT_FAILED =
  'L’import a échoué : aucune offre n’a été enregistrée. Réessayez dans un instant.'.replace(' :', '\u00a0:')

/**
 * The two route handlers' common part: the session, the upload (10 Mo at most, refused with 413 beyond), the
 * structure (a writer of its offers only) and the analysis of the file. Writes nothing.
 */
export async function analyseRequest(request: Request): Promise<
  | { ok: false; response: Response }
  | {
      ok: true
      user: { id: string; organisationId: string | null }
      structureId: string
      analysis: Extract<OfferImportAnalysis, { ok: true }>
    }
> {
  const user = await getActiveUser()
  if (!user) return { ok: false, response: Response.json({ error: FORBIDDEN }, { status: 403 }) }
  const read = await readUpload(request)
  if (!read.ok) return { ok: false, response: Response.json({ error: read.error }, { status: read.status }) }
  const structureId = read.upload.fields.structureId ?? ''
  const db = getDb()
  if (!isUuid(structureId) || !(await mayWriteOffersOf(db, user, structureId)))
    return { ok: false, response: Response.json({ error: FORBIDDEN }, { status: 403 }) }
  try {
    const analysis = await analyseOfferImport(db, structureId, read.upload.bytes, read.upload.fileName)
    if (!analysis.ok) return { ok: false, response: Response.json({ error: analysis.error }, { status: 400 }) }
    return { ok: true, user, structureId, analysis }
  } catch (error) {
    logError('offer-import.analyse', error)
    return { ok: false, response: Response.json({ error: OFFER_IMPORT_FAILED }, { status: 500 }) }
  }
}
