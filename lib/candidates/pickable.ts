import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, places } from '@/lib/db/schema'
import { searchedText } from '@/lib/search-sql'

/**
 * Which candidates a referent may pick to prescribe, register to a workshop, enrol in a course or place on a job
 * offer: the organisation's own, and never an anonymised one (RGPD retention: the person is gone, only the counts stay).
 * The one home of that rule: the picker's search below and every write that takes candidates apply it.
 */
export function pickableCandidates(organisationId: string): SQL {
  return and(eq(candidates.organisationId, organisationId), isNull(candidates.anonymisedAt))!
}

export type PickedCandidate = {
  id: string
  firstName: string
  lastName: string
  birthDate: string | null
  place: string | null
  taken: boolean
}

/**
 * The one candidate picker query (prescribe, register to a workshop, enrol in a course, place on a job offer): up to
 * 20 of the organisation's pickable candidates whose name, phone or email contains the search (2+ characters, the
 * trigram index), by name. `taken` is the picker's own "already there" (registered, enrolled, placed), a condition on
 * `candidates.id`; without it, nobody is. A shorter search finds nobody, or with `listWithoutSearch` lists the first 20.
 */
export async function searchPickableCandidates(
  db: DbOrTx,
  organisationId: string,
  search: string,
  options: { taken?: SQL<boolean>; listWithoutSearch?: boolean } = {},
): Promise<PickedCandidate[]> {
  const matching = searchedText(sql`${candidates.searchText}`, search)
  if (!matching && !options.listWithoutSearch) return []
  return db
    .select({
      id: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      birthDate: candidates.birthDate,
      place: places.label,
      taken: options.taken ?? sql<boolean>`false`,
    })
    .from(candidates)
    .leftJoin(places, eq(places.id, candidates.placeId))
    .where(and(pickableCandidates(organisationId), matching))
    .orderBy(asc(candidates.lastName), asc(candidates.firstName), asc(candidates.id))
    .limit(20)
}
