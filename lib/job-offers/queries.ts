import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import {
  candidates,
  enterpriseContacts,
  enterprises,
  jobOffers,
  jobPlacementEvents,
  jobPlacements,
  places,
  users,
} from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { searchedText } from '@/lib/search-sql'
import type { ContractType, JobOfferStatus } from './labels'

export const JOB_OFFER_SORTS = ['recent', 'title', 'start'] as const
export type JobOfferFilters = {
  search?: string
  contract?: ContractType | ''
  placeId?: string
  enterpriseId?: string
  status?: JobOfferStatus | ''
  sort?: (typeof JOB_OFFER_SORTS)[number] | ''
  page?: number
}

export type JobOfferStatusCounts = Record<JobOfferStatus, number>

/** The filters but the status, the sort and the page: those the counts per status follow. */
function baseOf(organisationId: string, filters: JobOfferFilters): (SQL | undefined)[] {
  return [
    eq(jobOffers.organisationId, organisationId),
    searchedText(sql`${jobOffers.searchText}`, filters.search),
    filters.contract ? eq(jobOffers.contractType, filters.contract) : undefined,
    filters.placeId ? eq(jobOffers.placeId, filters.placeId) : undefined,
    filters.enterpriseId ? eq(jobOffers.enterpriseId, filters.enterpriseId) : undefined,
  ]
}

/** The counts per status of the organisation's job offers under the filters but the status (one index range, 40 000 rows for a big organisation). */
export async function jobOfferStatusCounts(
  db: DbOrTx,
  organisationId: string,
  filters: JobOfferFilters = {},
): Promise<JobOfferStatusCounts> {
  const rows = await db
    .select({ status: jobOffers.status, n: count() })
    .from(jobOffers)
    .where(and(...baseOf(organisationId, filters)))
    .groupBy(jobOffers.status)
  const counts = { open: 0, filled: 0, closed: 0 }
  for (const c of rows) counts[c.status] = c.n
  return counts
}

/**
 * /v2/offers/dashboard/job: one page (50) of the organisation's job offers and the counts per status
 * under the other filters, in two round trips (`statusCounts`: jobOfferStatusCounts, or the page's cache of it).
 * Search: title or ROME code (2+ characters).
 */
export async function listJobOffers(
  db: DbOrTx,
  organisationId: string,
  filters: JobOfferFilters = {},
  statusCounts: (filters: JobOfferFilters) => Promise<JobOfferStatusCounts> = (f) =>
    jobOfferStatusCounts(db, organisationId, f),
) {
  const page = Math.max(1, filters.page ?? 1)
  const base = baseOf(organisationId, filters)
  const condition = and(...base, filters.status ? eq(jobOffers.status, filters.status) : undefined)
  const order =
    filters.sort === 'title'
      ? [asc(jobOffers.title), asc(jobOffers.id)]
      : filters.sort === 'start'
        ? [sql`${jobOffers.startDate} asc nulls last`, asc(jobOffers.id)]
        : [desc(jobOffers.createdAt), desc(jobOffers.id)]
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: jobOffers.id,
        title: jobOffers.title,
        romeCode: jobOffers.romeCode,
        contractType: jobOffers.contractType,
        status: jobOffers.status,
        positions: jobOffers.positions,
        positionsFilled: jobOffers.positionsFilled,
        startDate: jobOffers.startDate,
        validFrom: jobOffers.validFrom,
        validUntil: jobOffers.validUntil,
        enterpriseId: jobOffers.enterpriseId,
        enterpriseName: enterprises.name,
        place: places.label,
      })
      .from(jobOffers)
      .leftJoin(enterprises, eq(enterprises.id, jobOffers.enterpriseId))
      .leftJoin(places, eq(places.id, jobOffers.placeId))
      .where(condition)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    statusCounts(filters),
  ])
  const total = filters.status ? counts[filters.status] : counts.open + counts.filled + counts.closed
  return { page, total, counts, rows }
}

/** A job offer's page: the offer, its enterprise and contacts (aggregated in the same statement), its place; another organisation's is null. */
export async function getJobOffer(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select({
      offer: jobOffers,
      enterpriseName: enterprises.name,
      enterpriseAddress: enterprises.addressFormatted,
      place: places.label,
      contacts: sql<{ name: string; role: string | null; phone: string | null; email: string | null }[]>`coalesce((
        select json_agg(json_build_object('name', c.name, 'role', c.role, 'phone', c.phone, 'email', c.email) order by c.position)
        from ${enterpriseContacts} c where c.enterprise_id = ${jobOffers.enterpriseId}), '[]'::json)`,
    })
    .from(jobOffers)
    .leftJoin(enterprises, eq(enterprises.id, jobOffers.enterpriseId))
    .leftJoin(places, eq(places.id, jobOffers.placeId))
    .where(and(eq(jobOffers.id, id), eq(jobOffers.organisationId, organisationId)))
  if (!row) return null
  return {
    ...row.offer,
    enterpriseName: row.enterpriseName,
    enterpriseAddress: row.enterpriseAddress,
    place: row.place,
    contacts: row.contacts,
  }
}

/** The candidates placed on an offer, with their status. */
export async function placementsOfOffer(db: DbOrTx, organisationId: string, jobOfferId: string) {
  return db
    .select({
      id: jobPlacements.id,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      status: jobPlacements.status,
      interviewAt: jobPlacements.interviewAt,
      reason: jobPlacements.reason,
      updatedAt: jobPlacements.updatedAt,
    })
    .from(jobPlacements)
    .innerJoin(candidates, eq(candidates.id, jobPlacements.candidateId))
    .where(and(eq(jobPlacements.organisationId, organisationId), eq(jobPlacements.jobOfferId, jobOfferId)))
    .orderBy(asc(candidates.lastName), asc(candidates.firstName))
}

/** The candidate sheet's "Emploi" section: each placement with its history, newest first. */
export async function placementsOfCandidate(db: DbOrTx, organisationId: string, candidateId: string) {
  const rows = await db
    .select({
      id: jobPlacements.id,
      jobOfferId: jobOffers.id,
      title: jobOffers.title,
      enterpriseName: enterprises.name,
      status: jobPlacements.status,
      interviewAt: jobPlacements.interviewAt,
      reason: jobPlacements.reason,
      updatedAt: jobPlacements.updatedAt,
    })
    .from(jobPlacements)
    .innerJoin(jobOffers, eq(jobOffers.id, jobPlacements.jobOfferId))
    .leftJoin(enterprises, eq(enterprises.id, jobOffers.enterpriseId))
    .where(and(eq(jobPlacements.organisationId, organisationId), eq(jobPlacements.candidateId, candidateId)))
    .orderBy(desc(jobPlacements.updatedAt))
  if (!rows.length) return []
  const events = await db
    .select({
      placementId: jobPlacementEvents.placementId,
      status: jobPlacementEvents.status,
      at: jobPlacementEvents.at,
      interviewAt: jobPlacementEvents.interviewAt,
      reason: jobPlacementEvents.reason,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(jobPlacementEvents)
    .leftJoin(users, eq(users.id, jobPlacementEvents.actorId))
    .where(
      sql`${jobPlacementEvents.placementId} in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(jobPlacementEvents.at))
  return rows.map((r) => ({ ...r, events: events.filter((e) => e.placementId === r.id) }))
}

/** The placement picker's "already there" (lib/candidates/pickable.ts): any placement on the offer, one per candidate. */
export function placedOn(organisationId: string, jobOfferId: string) {
  return sql<boolean>`exists (select 1 from ${jobPlacements} p where p.organisation_id = ${organisationId} and p.job_offer_id = ${jobOfferId} and p.candidate_id = ${candidates.id})`
}
