import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { auditLog, candidates, enterpriseContacts, enterprises, jobOffers, jobPlacements, users } from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { containsText, searchedText } from '@/lib/search-sql'
import { isUuid } from '@/lib/ids'

export const ENTERPRISE_OFFER_FILTERS = ['open', 'none'] as const
export const ENTERPRISE_SORTS = ['name', 'recent'] as const
export type EnterpriseFilters = {
  search?: string
  offers?: (typeof ENTERPRISE_OFFER_FILTERS)[number] | ''
  sort?: (typeof ENTERPRISE_SORTS)[number] | ''
  page?: number
}

export type EnterpriseTotals = { total: number; withOpenOffers: number }

/** The filters but the sort and the page: the list's condition. */
function enterprisesWhere(organisationId: string, filters: EnterpriseFilters) {
  return and(
    eq(enterprises.organisationId, organisationId),
    searchedText(sql`${enterprises.searchText}`, filters.search),
    filters.offers === 'open' ? sql`${enterprises.openOffersCount} > 0` : undefined,
    filters.offers === 'none' ? eq(enterprises.offersCount, 0) : undefined,
  )
}

/** How many enterprises match the filters, and how many of them have open offers (every one of a big organisation's 20 000 is read). */
export async function enterpriseTotals(
  db: DbOrTx,
  organisationId: string,
  filters: EnterpriseFilters = {},
): Promise<EnterpriseTotals> {
  const [totals] = await db
    .select({
      total: count(),
      withOpenOffers: sql<number>`(count(*) filter (where ${enterprises.openOffersCount} > 0))::int`,
    })
    .from(enterprises)
    .where(enterprisesWhere(organisationId, filters))
  return { total: totals?.total ?? 0, withOpenOffers: totals?.withOpenOffers ?? 0 }
}

/**
 * /v2/enterprises/dashboard: one page of the organisation's enterprises (50), the total and how many have
 * an open offer, under the search (2+ characters: name, SIRET, address) and the filters. The offers, open offers
 * and hires of each enterprise are counters kept by a trigger on job_offers (drizzle/0025): no probe per row
 * (bench enterprises-dashboard-server). `totalsOf`: enterpriseTotals, or the page's cache of it.
 */
export async function listEnterprises(
  db: DbOrTx,
  organisationId: string,
  filters: EnterpriseFilters = {},
  totalsOf: (filters: EnterpriseFilters) => Promise<EnterpriseTotals> = (f) => enterpriseTotals(db, organisationId, f),
) {
  const page = Math.max(1, filters.page ?? 1)
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: enterprises.id,
        name: enterprises.name,
        siret: enterprises.siret,
        nafCode: enterprises.nafCode,
        addressFormatted: enterprises.addressFormatted,
        offers: enterprises.offersCount,
        openOffers: enterprises.openOffersCount,
        hired: enterprises.hiredCount,
      })
      .from(enterprises)
      .where(enterprisesWhere(organisationId, filters))
      .orderBy(
        ...(filters.sort === 'recent'
          ? [desc(enterprises.createdAt), desc(enterprises.id)]
          : [asc(enterprises.name), asc(enterprises.id)]),
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    totalsOf(filters),
  ])
  return { page, total: totals.total, withOpenOffers: totals.withOpenOffers, rows }
}

export async function getEnterprise(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(enterprises)
    .where(and(eq(enterprises.id, id), eq(enterprises.organisationId, organisationId)))
  if (!row) return null
  const contacts = await db
    .select({
      name: enterpriseContacts.name,
      role: enterpriseContacts.role,
      phone: enterpriseContacts.phone,
      email: enterpriseContacts.email,
    })
    .from(enterpriseContacts)
    .where(eq(enterpriseContacts.enterpriseId, id))
    .orderBy(asc(enterpriseContacts.position))
  return { ...row, contacts }
}

/** The sheet's job offers, and the candidates placed on them (the organisation's only). */
export async function enterpriseOffersAndPlacements(db: DbOrTx, organisationId: string, enterpriseId: string) {
  const [offers, placements] = await Promise.all([
    db
      .select({
        id: jobOffers.id,
        title: jobOffers.title,
        contractType: jobOffers.contractType,
        status: jobOffers.status,
        positions: jobOffers.positions,
        positionsFilled: jobOffers.positionsFilled,
        validFrom: jobOffers.validFrom,
        validUntil: jobOffers.validUntil,
      })
      .from(jobOffers)
      .where(and(eq(jobOffers.organisationId, organisationId), eq(jobOffers.enterpriseId, enterpriseId)))
      .orderBy(desc(jobOffers.createdAt)),
    db
      .select({
        id: jobPlacements.id,
        candidateId: candidates.id,
        firstName: candidates.firstName,
        lastName: candidates.lastName,
        offerId: jobOffers.id,
        offerTitle: jobOffers.title,
        status: jobPlacements.status,
        updatedAt: jobPlacements.updatedAt,
      })
      .from(jobPlacements)
      .innerJoin(jobOffers, eq(jobOffers.id, jobPlacements.jobOfferId))
      .innerJoin(candidates, eq(candidates.id, jobPlacements.candidateId))
      .where(and(eq(jobPlacements.organisationId, organisationId), eq(jobOffers.enterpriseId, enterpriseId)))
      .orderBy(desc(jobPlacements.updatedAt))
      .limit(200),
  ])
  return { offers, placements }
}

/** The sheet's history: the audited changes of the enterprise and of its job offers (who, when, which fields). */
export async function enterpriseHistory(db: DbOrTx, organisationId: string, enterpriseId: string) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      details: auditLog.details,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, 'enterprise'),
        eq(auditLog.entityId, enterpriseId),
        eq(auditLog.organisationId, organisationId),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(50)
}

/** How many enterprises the job offers' enterprise filter lists for a text (its combobox shows the first ones). */
export const ENTERPRISE_CHOICES = 20

/**
 * The job offers' enterprise filter: the organisation's enterprises with job offers whose name, SIRET or address holds
 * `search` (accents and case aside; the trigram index on search_text), by name, ENTERPRISE_CHOICES at most; or the one
 * whose id is `id` (the choice in the URL, named). An organisation with 20 000 enterprises is searched, not listed.
 */
export async function jobOfferEnterprises(
  db: DbOrTx,
  organisationId: string,
  filter: { search: string } | { id: string },
): Promise<{ id: string; name: string }[]> {
  const which =
    'id' in filter
      ? isUuid(filter.id)
        ? sql`e.id = ${filter.id}::uuid`
        : sql`false`
      : filter.search.trim()
        ? containsText(sql`e.search_text`, filter.search.trim())
        : sql`true`
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select e.id, e.name from enterprises e
    where e.organisation_id = ${organisationId} and e.offers_count > 0 and ${which}
    order by e.name, e.id
    limit ${ENTERPRISE_CHOICES}`)
  return rows
}
