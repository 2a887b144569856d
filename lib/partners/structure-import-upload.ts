import type { Db } from '@/lib/db/client'
import { foreignWrite } from '@/lib/http/same-origin'
import { readUpload } from '@/lib/imports/read-upload'
import { logError } from '@/lib/log'
import { analyseServicesAcross } from '@/lib/offers/import-services-across'
import { can, type PermissionSubject } from '@/lib/permissions'
import { analyseStructureImport } from './import-structures'

const FORBIDDEN = 'Vous n’avez pas la permission d’importer des structures partenaires.'
export const STRUCTURE_IMPORT_FAILED = 'L’import a échoué\u00a0: rien n’a été enregistré. Réessayez dans un instant.'

type Analysed =
  | { kind: 'structures'; analysis: Extract<Awaited<ReturnType<typeof analyseStructureImport>>, { ok: true }> }
  | { kind: 'services'; analysis: Extract<Awaited<ReturnType<typeof analyseServicesAcross>>, { ok: true }> }

export type StructureUploadChecked =
  { ok: false; response: Response } | ({ ok: true; user: { id: string; organisationId: string } } & Analysed)

export type StructureImporter = PermissionSubject & { id: string; organisationId: string | null; onboarded: boolean }

async function refuse(request: Request, status: number, error: string): Promise<StructureUploadChecked> {
  await request.body?.cancel().catch(() => undefined)
  return { ok: false, response: Response.json({ error }, { status }) }
}

/**
 * The structure import's two route handlers' common part: an administrator of an organisation
 * (partners.structure.modify, as for creating a structure; the services also need candidate.socialboard.modify, as
 * for writing offers). `?kind=structures|services` says which file, in the query string, so that the right is decided
 * before a byte of the upload (up to 10 Mo) is read. Then the upload and its analysis. Writes nothing.
 */
export async function analyseStructureUpload(
  db: Db,
  request: Request,
  user: StructureImporter | null,
): Promise<StructureUploadChecked> {
  const foreign = foreignWrite(request, 'multipart')
  if (foreign) return refuse(request, foreign.status, foreign.error)
  if (!user || !user.onboarded || !user.organisationId || !can(user, 'partners.structure.modify'))
    return refuse(request, 403, FORBIDDEN)
  const kind = new URL(request.url).searchParams.get('kind')
  if (kind !== 'structures' && kind !== 'services') return refuse(request, 400, STRUCTURE_IMPORT_FAILED)
  if (kind === 'services' && !can(user, 'candidate.socialboard.modify')) return refuse(request, 403, FORBIDDEN)
  const read = await readUpload(request)
  if (!read.ok) return { ok: false, response: Response.json({ error: read.error }, { status: read.status }) }
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
