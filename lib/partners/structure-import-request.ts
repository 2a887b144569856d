import 'server-only'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { analyseStructureUpload, STRUCTURE_IMPORT_FAILED, type StructureUploadChecked } from './structure-import-upload'

export { STRUCTURE_IMPORT_FAILED }

/** The route handlers' entry: this request's user, then lib/partners/structure-import-upload.ts (the right first). */
export async function analyseStructureRequest(request: Request): Promise<StructureUploadChecked> {
  return analyseStructureUpload(getDb(), request, await getActiveUser())
}
