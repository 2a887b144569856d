import { and, eq, isNull, type SQL } from 'drizzle-orm'
import { candidates } from '@/lib/db/schema'

/**
 * Which candidates a referent may pick to prescribe, register to a workshop, enrol in a course or place on a job
 * offer: the organisation's own, and never an anonymised one (RGPD retention: the person is gone, only the counts stay).
 * The one home of that rule: every picker's search and every write that takes candidates apply it.
 */
export function pickableCandidates(organisationId: string): SQL {
  return and(eq(candidates.organisationId, organisationId), isNull(candidates.anonymisedAt))!
}
