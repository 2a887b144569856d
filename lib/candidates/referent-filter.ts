import type { DbOrTx } from '@/lib/db/client'
import { activeStaffChoices } from '@/lib/organisation/active-staff'
import { NO_REFERENT } from './list-candidates'

export type ReferentChoice = { id: string; firstName: string | null; lastName: string | null }

/**
 * The users offered by the candidates dashboard's "Référent" filter (spec §6 filters.authors: "filters the list of
 * users fetched"): with filters.authors, the organisation's enabled staff (the referents a candidate can have);
 * without it, the user alone. The same rule as the statistics' referent filter and the support courses' owner filter.
 */
export async function referentFilterChoices(
  db: DbOrTx,
  organisationId: string,
  user: { id: string },
  allAuthors: boolean,
): Promise<ReferentChoice[]> {
  return activeStaffChoices(db, organisationId, allAuthors ? undefined : user.id)
}

/**
 * The referent ids of a filter (the URL's, or the search's body) kept to the choices offered, and "Sans référent"
 * (not a user: always offered): a crafted id of another user filters nothing, as if it were not there.
 */
export function allowedReferentIds(asked: readonly string[], choices: readonly { id: string }[]): string[] {
  const allowed = new Set(choices.map((c) => c.id))
  return asked.filter((id) => id === NO_REFERENT || allowed.has(id))
}
