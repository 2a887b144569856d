import { z } from 'zod'
import { now as clockNow } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { can, type PermissionSubject } from '@/lib/permissions'
import { CANDIDATE_SORTS, listCandidatesPage, type CandidateListRow } from './list-candidates'
import { allowedReferentIds, referentFilterChoices } from './referent-filter'
import { text } from '@/lib/text/safe-text'
import { INVITATION_FILTERS } from '@/lib/invitations/follow-up'

export const DASHBOARD_SEARCH_MESSAGES = {
  forbidden: 'Vous n’avez pas accès à la liste des candidats.',
  searchTooLong: 'La recherche ne peut pas dépasser 100 caractères.',
  invalid: 'Les critères de la liste ne sont pas valides\u00a0: rechargez la page et réessayez.',
} as const

// The same bounds as the URL's filters (components/candidates/dashboard/dashboard-params.ts): an id that is not one of
// the organisation's matches nothing, as it would from the URL.
const ids = z.array(text().min(1).max(64)).max(100).default([])

/**
 * The body of the candidates dashboard's search (POST /api/candidates/search): the search text travels here, never in
 * a URL. No organisation in it: that comes from the session.
 */
export const dashboardSearchSchema = z.object({
  search: text().max(100, DASHBOARD_SEARCH_MESSAGES.searchTooLong).default(''),
  placeIds: ids,
  statusIds: ids,
  referentIds: ids,
  placed: z.boolean().default(false),
  invitationStates: z.array(z.enum(INVITATION_FILTERS)).max(INVITATION_FILTERS.length).default([]),
  sort: z.enum(CANDIDATE_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
})
export type DashboardSearchInput = z.input<typeof dashboardSearchSchema>

export type DashboardSearchResult =
  { ok: true; rows: CandidateListRow[]; total: number } | { ok: false; status: 400 | 403; error: string }

/**
 * One page of the dashboard under a search typed in the page: candidate.visualize, the body parsed (a French message
 * when it is not valid, and no query), then the user's organisation's candidates only. The referents filtered on are
 * kept to those the "Référent" filter offers the user (filters.authors, lib/candidates/referent-filter.ts).
 */
export async function searchCandidatesDashboard(
  db: DbOrTx,
  user: PermissionSubject & { id: string; organisationId: string | null },
  body: unknown,
  at: Date = clockNow(),
): Promise<DashboardSearchResult> {
  if (!user.organisationId || !can(user, 'candidate.visualize'))
    return { ok: false, status: 403, error: DASHBOARD_SEARCH_MESSAGES.forbidden }
  const parsed = dashboardSearchSchema.safeParse(body)
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.path[0] === 'search' && i.code === 'too_big')
    return {
      ok: false,
      status: 400,
      error: tooLong ? DASHBOARD_SEARCH_MESSAGES.searchTooLong : DASHBOARD_SEARCH_MESSAGES.invalid,
    }
  }
  const asked = parsed.data.referentIds
  const allAuthors = can(user, 'filters.authors')
  const choices = asked.length ? await referentFilterChoices(db, user.organisationId, user, allAuthors) : []
  const referentIds = allowedReferentIds(asked, choices)
  const { rows, total } = await listCandidatesPage(db, user.organisationId, { ...parsed.data, referentIds, at })
  return { ok: true, rows, total }
}
