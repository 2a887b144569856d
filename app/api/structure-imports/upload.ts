import { z } from 'zod'
import type { CurrentUser } from '@/lib/auth/session'
import { getDb } from '@/lib/db/client'
import { refusal } from '@/lib/frame/route'
import type { Upload } from '@/lib/http/multipart-body'
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@/lib/imports/messages'
import { analyseServicesAcross } from '@/lib/offers/import-services-across'
import { analyseStructureImport } from '@/lib/partners/import-structures'
import { can } from '@/lib/permissions'

const FAILED = 'L’import a échoué\u00a0: rien n’a été enregistré. Réessayez dans un instant.'
const JSON_ONLY = 'Choisissez un fichier JSON exporté de data·inclusion (.json).'

/**
 * Both steps of the structure import (lib/frame/route.ts): an administrator of an organisation
 * (partners.structure.modify, as for creating a structure; the services also need candidate.socialboard.modify, as
 * for writing offers). `?kind=structures|services` says which file, in the query string, so that the right is decided
 * before a byte of the upload (up to 10 Mo) is read.
 */
export const structureUpload = {
  body: 'multipart',
  maxBytes: IMPORT_MAX_BYTES,
  permission: 'partners.structure.modify',
  tenant: 'organisation',
  query: z.object({ kind: z.enum(['structures', 'services']) }),
  allow: ({ user, query }: { user: CurrentUser; query: { kind: 'structures' | 'services' } }) =>
    query.kind === 'structures' || can(user, 'candidate.socialboard.modify'),
  messages: {
    forbidden: 'Vous n’avez pas la permission d’importer des structures partenaires.',
    invalid: FAILED,
    tooLarge: IMPORT_MESSAGES.tooLarge,
    noFile: JSON_ONLY,
    failed: FAILED,
  },
} as const

/** What each line of a data·inclusion file would do (writes nothing), or the French 400 of a file that cannot be read. */
export async function analysedFile(organisationId: string, kind: 'structures' | 'services', upload: Upload) {
  if (!/\.json$/i.test(upload.fileName)) return refusal(400, JSON_ONLY)
  if (kind === 'structures') {
    const analysis = await analyseStructureImport(getDb(), organisationId, upload.bytes)
    return analysis.ok ? { kind, analysis } : refusal(400, analysis.error)
  }
  const analysis = await analyseServicesAcross(getDb(), organisationId, upload.bytes)
  return analysis.ok ? { kind, analysis } : refusal(400, analysis.error)
}
