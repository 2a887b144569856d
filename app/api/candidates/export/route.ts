import { EXPORT_MESSAGES, exportBodySchema, exportCandidates } from '@/lib/candidates/export-candidates'
import { getDb } from '@/lib/db/client'
import { defineRoute, download, refusal } from '@/lib/frame/route'

/** "Exporter la sélection" of the candidates dashboard: POST {ids} → a CSV of the organisation's candidates (never the NIR). */
export const POST = defineRoute({
  name: 'candidates.export',
  body: 'json',
  permission: 'candidate.export',
  tenant: 'organisation',
  input: exportBodySchema,
  run: async ({ actor, input }) => {
    const result = await exportCandidates(getDb(), { ...actor, ids: input.ids })
    if (!result.ok) return refusal(404, EXPORT_MESSAGES.notFound)
    return download(result.csv, { type: 'text/csv; charset=utf-8', fileName: result.filename })
  },
})
