import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'
import { candidateAccessExport } from '@/lib/journal/access-export'

const NOT_FOUND = 'Ce candidat est introuvable.'

/**
 * A person's right of access: everything Passerelle holds on the candidate, as one JSON file, for an administrator of
 * the candidate's organisation; audited and journaled. The address and the file's name carry the id, never the name.
 * Anyone else, and a candidate of another organisation, gets "not found".
 */
export const GET = defineRoute({
  name: 'candidates.access-export',
  permission: 'settings.visualize',
  tenant: 'organisation',
  hide: true,
  ids: ['id'],
  messages: { signedOut: 'Connectez-vous pour télécharger ce fichier.', notFound: NOT_FOUND },
  run: async ({ user, params: { id } }) => {
    const at = now()
    const result = await candidateAccessExport(getDb(), user, id!, at)
    if (!result.ok) return refusal(404, NOT_FOUND)
    return download(JSON.stringify(result.document, null, 2), {
      type: 'application/json; charset=utf-8',
      fileName: `passerelle-droit-acces-${id}-${parisToday(at)}.json`,
    })
  },
})
