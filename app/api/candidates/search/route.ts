import { DASHBOARD_SEARCH_MESSAGES, searchCandidatesDashboard } from '@/lib/candidates/dashboard-search'
import { getDb } from '@/lib/db/client'
import { defineRoute, json, refusal } from '@/lib/frame/route'

/**
 * The candidates dashboard under a search typed in the page: POST {search, placeIds, statusIds, referentIds, sort,
 * direction, page} → {rows, total} of the user's organisation. A POST body so that the search text (often a name or a
 * phone number) never goes into a URL, a history entry or an access log.
 */
export const POST = defineRoute({
  name: 'candidates.search',
  body: 'json',
  permission: 'candidate.visualize',
  tenant: 'organisation',
  messages: { forbidden: DASHBOARD_SEARCH_MESSAGES.forbidden },
  run: async ({ user, input }) => {
    const result = await searchCandidatesDashboard(getDb(), user, input)
    if (!result.ok) return refusal(result.status, result.error)
    return json({ rows: result.rows, total: result.total }, { headers: { 'cache-control': 'private, no-store' } })
  },
})
