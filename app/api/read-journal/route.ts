import { now } from '@/lib/clock'
import { parisToday } from '@/lib/dates'
import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'
import { parseConsultationFilters } from '@/lib/journal/consultation-filters'
import { consultationScope } from '@/lib/journal/consultation-scope'
import { consultationsCsv } from '@/lib/journal/consultations-csv'

const NOT_FOUND = 'Ces consultations sont introuvables.'

/**
 * "Exporter en CSV" of the administrators' "Consultations": GET ?candidate={id} or ?actor={userId}, with the page's
 * filters (from, to, user, kind). Ids only in the address. A candidate or user of another organisation, or a reader
 * who is not an administrator, gets "not found".
 */
export const GET = defineRoute({
  name: 'read-journal.export',
  permission: 'settings.visualize',
  tenant: 'organisation',
  hide: true,
  messages: { signedOut: 'Connectez-vous pour télécharger ce fichier.', notFound: NOT_FOUND },
  run: async ({ request, user }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const db = getDb()
    const scope =
      typeof query.candidate === 'string'
        ? await consultationScope(db, user, { candidateId: query.candidate })
        : typeof query.actor === 'string'
          ? await consultationScope(db, user, { userId: query.actor })
          : null
    if (!scope) return refusal(404, NOT_FOUND)
    return download(consultationsCsv(db, scope, parseConsultationFilters(query)), {
      type: 'text/csv; charset=utf-8',
      fileName: `passerelle-consultations-${parisToday(now())}.csv`,
    })
  },
})
