import { and, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { candidates, candidateStatuses, places, users } from '@/lib/db/schema'
import { maskNir } from './nir'

/** How many candidates the organisation follows (the statistics page's subtitle). */
export async function countCandidates(db: DbOrTx, organisationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(candidates).where(eq(candidates.organisationId, organisationId))
  return row?.n ?? 0
}

/**
 * One candidate of the organisation, without the NIR: only whether there is one and its masked form (the first
 * five characters, sex and birth year and month, stored apart from the encrypted NIR). Reading it is reveal-nir.ts.
 * The candidate sheet's read (every section): prepared once per database handle (lib/db/prepared.ts).
 */
const candidateById = (db: DbOrTx) =>
  prepared(db, 'candidate_by_id', (name) =>
    db
      .select({
        id: candidates.id,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        gender: candidates.gender,
        birthDate: candidates.birthDate,
        phone: candidates.phone,
        email: candidates.email,
        addressFormatted: candidates.addressFormatted,
        addressIsQpv: candidates.addressIsQpv,
        cafNumber: candidates.cafNumber,
        poleEmploiNumber: candidates.poleEmploiNumber,
        nirPrefix: candidates.nirPrefix,
        placeId: candidates.placeId,
        statusId: candidates.statusId,
        referentId: candidates.referentId,
        place: places.label,
        status: candidateStatuses.label,
        referentFirstName: users.firstName,
        referentLastName: users.lastName,
        customFields: candidates.customFields,
        smsOptedOutAt: candidates.smsOptedOutAt,
        anonymisedAt: candidates.anonymisedAt,
        createdAt: candidates.createdAt,
        updatedAt: candidates.updatedAt,
      })
      .from(candidates)
      .leftJoin(places, eq(places.id, candidates.placeId))
      .leftJoin(candidateStatuses, eq(candidateStatuses.id, candidates.statusId))
      .leftJoin(users, eq(users.id, candidates.referentId))
      .where(
        and(eq(candidates.id, sql.placeholder('id')), eq(candidates.organisationId, sql.placeholder('organisationId'))),
      )
      .prepare(name),
  )

export async function getCandidate(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await candidateById(db).execute({ id, organisationId })
  if (!row) return null
  const { nirPrefix, ...rest } = row
  return { ...rest, hasNir: nirPrefix !== null, nirMasked: nirPrefix ? maskNir(nirPrefix) : null }
}

export type CandidateRecord = NonNullable<Awaited<ReturnType<typeof getCandidate>>>
