import { getActiveUser } from '@/lib/auth/session'
import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { jsonRoute } from '@/lib/http/route'
import { parseConsultationFilters } from '@/lib/journal/consultation-filters'
import { consultationScope } from '@/lib/journal/consultation-scope'
import { consultationsCsv } from '@/lib/journal/consultations-csv'

/**
 * "Exporter en CSV" of the administrators' "Consultations": GET ?candidate={id} or ?actor={userId}, with the page's
 * filters (from, to, user, kind). Ids only in the address. A candidate or user of another organisation, or a reader
 * who is not an administrator, gets "not found".
 */
export const GET = jsonRoute(async (request: Request) => {
  const user = await getActiveUser()
  if (!user) return Response.json({ error: 'Connectez-vous pour télécharger ce fichier.' }, { status: 401 })
  const query = Object.fromEntries(new URL(request.url).searchParams)
  const db = getDb()
  const scope =
    typeof query.candidate === 'string'
      ? await consultationScope(db, user, { candidateId: query.candidate })
      : typeof query.actor === 'string'
        ? await consultationScope(db, user, { userId: query.actor })
        : null
  if (!scope) return Response.json({ error: 'Ces consultations sont introuvables.' }, { status: 404 })
  return new Response(consultationsCsv(db, scope, parseConsultationFilters(query)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="passerelle-consultations-${parisToday(now())}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})
