import type { Db } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { readUpload } from '@/lib/imports/read-upload'
import { foreignWrite } from '@/lib/http/same-origin'
import { logError } from '@/lib/log'
import { analyseOfferImport, type OfferImportAnalysis } from './import-offers'
import { mayWriteOffersOf, type OfferWriter } from './write-offer'

const FORBIDDEN = 'Vous n’avez pas la permission d’importer des offres pour cette structure.'
export const OFFER_IMPORT_FAILED =
  'L’import a échoué : aucune offre n’a été enregistrée. Réessayez dans un instant.'.replace(' :', '\u00a0:')

export type OfferUploadChecked =
  | { ok: false; response: Response }
  | {
      ok: true
      user: { id: string; organisationId: string | null }
      structureId: string
      analysis: Extract<OfferImportAnalysis, { ok: true }>
    }

/** A refusal that leaves the upload unread: the stream is closed, not drained. */
async function refuse(request: Request, status: number, error: string): Promise<OfferUploadChecked> {
  await request.body?.cancel().catch(() => undefined)
  return { ok: false, response: Response.json({ error }, { status }) }
}

/**
 * The offer import's two route handlers' common part. Who may write the structure's offers is decided before a byte
 * of the upload (up to 10 Mo) is read: the structure is named in the query string (`?structureId=`), not in the body.
 * Then the upload, and the analysis of the file. Writes nothing.
 */
export async function analyseOfferUpload(
  db: Db,
  request: Request,
  user: OfferWriter | null,
): Promise<OfferUploadChecked> {
  const foreign = foreignWrite(request, 'multipart')
  if (foreign) return refuse(request, foreign.status, foreign.error)
  if (!user) return refuse(request, 403, FORBIDDEN)
  const structureId = new URL(request.url).searchParams.get('structureId') ?? ''
  if (!isUuid(structureId) || !(await mayWriteOffersOf(db, user, structureId))) return refuse(request, 403, FORBIDDEN)
  const read = await readUpload(request)
  if (!read.ok) return { ok: false, response: Response.json({ error: read.error }, { status: read.status }) }
  try {
    const analysis = await analyseOfferImport(db, structureId, read.upload.bytes, read.upload.fileName)
    if (!analysis.ok) return { ok: false, response: Response.json({ error: analysis.error }, { status: 400 }) }
    return { ok: true, user, structureId, analysis }
  } catch (error) {
    logError('offer-import.analyse', error)
    return { ok: false, response: Response.json({ error: OFFER_IMPORT_FAILED }, { status: 500 }) }
  }
}
