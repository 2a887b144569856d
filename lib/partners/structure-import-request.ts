import 'server-only'
import { getActiveUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { readUpload } from '@/lib/imports/read-upload'
import { logError } from '@/lib/log'
import { analyseServicesAcross } from '@/lib/offers/import-services-across'
import { can } from '@/lib/permissions'
import { analyseStructureImport } from './import-structures'

const FORBIDDEN = 'Vous n’avez pas la permission d’importer des structures partenaires.'
export const STRUCTURE_IMPORT_FAILED = 'L’import a échoué\u00a0: rien n’a été enregistré. Réessayez dans un instant.'

type Analysed =
  | { kind: 'structures'; analysis: Extract<Awaited<ReturnType<typeof analyseStructureImport>>, { ok: true }> }
  | { kind: 'services'; analysis: Extract<Awaited<ReturnType<typeof analyseServicesAcross>>, { ok: true }> }

/**
 * Issue 33 §2, the two route handlers' common part: an administrator of an organisation (partners.structure.modify, as
 * for creating a structure; the services also need candidate.socialboard.modify, as for writing offers), the upload
 * (10 Mo at most) and its analysis — `kind` says which file: `structures` or `services`. Writes nothing.
 */
export async function analyseStructureRequest(
  request: Request,
): Promise<
  { ok: false; response: Response } | ({ ok: true; user: { id: string; organisationId: string } } & Analysed)
> {
  const user = await getActiveUser()
  if (!user) return { ok: false, response: Response.json({ error: FORBIDDEN }, { status: 403 }) }
  const read = await readUpload(request)
  if (!read.ok) return { ok: false, response: Response.json({ error: read.error }, { status: read.status }) }
  if (!user.onboarded || !user.organisationId || !can(user, 'partners.structure.modify'))
    return { ok: false, response: Response.json({ error: FORBIDDEN }, { status: 403 }) }
  const kind = read.upload.fields.kind
  if (kind !== 'structures' && kind !== 'services')
    return { ok: false, response: Response.json({ error: STRUCTURE_IMPORT_FAILED }, { status: 400 }) }
  if (kind === 'services' && !can(user, 'candidate.socialboard.modify'))
    return { ok: false, response: Response.json({ error: FORBIDDEN }, { status: 403 }) }
  if (!/\.json$/i.test(read.upload.fileName))
    return {
      ok: false,
      response: Response.json(
        { error: 'Choisissez un fichier JSON exporté de data·inclusion (.json).' },
        { status: 400 },
      ),
    }
  const actor = { id: user.id, organisationId: user.organisationId }
  try {
    const db = getDb()
    if (kind === 'structures') {
      const analysis = await analyseStructureImport(db, user.organisationId, read.upload.bytes)
      if (!analysis.ok) return { ok: false, response: Response.json({ error: analysis.error }, { status: 400 }) }
      return { ok: true, user: actor, kind, analysis }
    }
    const analysis = await analyseServicesAcross(db, user.organisationId, read.upload.bytes)
    if (!analysis.ok) return { ok: false, response: Response.json({ error: analysis.error }, { status: 400 }) }
    return { ok: true, user: actor, kind, analysis }
  } catch (error) {
    logError('structure-import.analyse', error)
    return { ok: false, response: Response.json({ error: STRUCTURE_IMPORT_FAILED }, { status: 500 }) }
  }
}
