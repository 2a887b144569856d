import { and, asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, candidateStatuses, places } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'

/** The first page of an organisation's candidates and their total (the full dashboard comes with its own issue). */
export async function listCandidates(db: DbOrTx, organisationId: string) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: candidates.id,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        phone: candidates.phone,
        place: places.label,
        status: candidateStatuses.label,
      })
      .from(candidates)
      .leftJoin(places, eq(places.id, candidates.placeId))
      .leftJoin(candidateStatuses, eq(candidateStatuses.id, candidates.statusId))
      .where(eq(candidates.organisationId, organisationId))
      .orderBy(asc(candidates.lastName), asc(candidates.firstName))
      .limit(PAGE_SIZE),
    db.select({ n: count() }).from(candidates).where(eq(candidates.organisationId, organisationId)),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** One candidate of the organisation, without the NIR (reading it is a separate, audited call). */
export async function getCandidate(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
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
      place: places.label,
      status: candidateStatuses.label,
    })
    .from(candidates)
    .leftJoin(places, eq(places.id, candidates.placeId))
    .leftJoin(candidateStatuses, eq(candidateStatuses.id, candidates.statusId))
    .where(and(eq(candidates.id, id), eq(candidates.organisationId, organisationId)))
  return row ?? null
}
