import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { jsonRoute } from '@/lib/http/route'
import { candidateAccessExport } from '@/lib/journal/access-export'

/**
 * A person's right of access: everything Passerelle holds on the candidate, as one JSON file, for an administrator of
 * the candidate's organisation; audited and journaled. The address and the file's name carry the id, never the name.
 * Anyone else, and a candidate of another organisation, gets "not found".
 */
export const GET = jsonRoute(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour télécharger ce fichier.' }, { status: 401 })
  const { id } = await params
  const at = now()
  const result = await candidateAccessExport(getDb(), user, id, at)
  if (!result.ok) return Response.json({ error: 'Ce candidat est introuvable.' }, { status: 404 })
  return new Response(JSON.stringify(result.document, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="passerelle-droit-acces-${id}-${parisToday(at)}.json"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})
