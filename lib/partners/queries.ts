import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import { tabCountsOfStructureForOrganisation } from '@/lib/prescriptions/counts'
import type { DbOrTx } from '@/lib/db/client'
import { prepared } from '@/lib/db/prepared'
import { challenges, organisations, partnerStructures, socialApplies, socialOffers, users } from '@/lib/db/schema'
import { PAGE_SIZE, SEARCH_MIN_LENGTH } from '@/lib/constants'
import { challengesOf } from '@/lib/offers/challenges'
import { isExpired, openToOrganisation } from '@/lib/offers/directory-access'
import { offerCard } from '@/lib/offers/queries'
import { PARTNER_ROLE } from '@/lib/permissions'
import { now as clockNow } from '@/lib/clock'
import { addElapsedDays } from '@/lib/dates'
import { containsText } from '@/lib/search-sql'

/** Over how many days the response indicator looks back. */
export const INDICATOR_DAYS = 90

/**
 * The response indicator of a structure, for one organisation's prescriptions (none of the reference
 * tools has one): the median days from prescription to answer over the last 90 days, the share of those prescriptions
 * answered within the organisation's reminder delay (among the answered and the ones past the delay), and the
 * prescriptions still pending past that delay. One aggregate over the (organisation, structure) index.
 */
export type ResponseIndicator = {
  medianDays: number | null
  answeredWithinDelayShare: number | null
  latePending: number
  reminderDays: number
}

function indicatorSql(organisationId: string, structureRef: SQL, reminderDays: SQL, now: Date): SQL {
  const since = addElapsedDays(now, -INDICATOR_DAYS)
  // The last 90 days' prescriptions, one range of social_applies_organisation_structure_date_idx (index only); the ones
  // still waiting from before, one range of social_applies_organisation_structure_waiting_idx. Reading every prescription
  // of the structure to keep those two sets cost the directory's 50 rows 10 ms. One in an offer's line for a place
  // (issue 40 §4) waits for no answer yet: it is not due.
  return sql`(
    select json_build_object(
      'medianDays', percentile_cont(0.5) within group (order by extract(epoch from a.response_date - a.prescription_date) / 86400) filter (where a.response_date is not null),
      'answeredInTime', count(*) filter (where a.response_date is not null and a.response_date <= a.prescription_date + make_interval(days => ${reminderDays})),
      'due', count(*) filter (where a.response_date is not null or (a.state <> 'WAITLISTED' and a.prescription_date + make_interval(days => ${reminderDays}) < ${now})),
      'latePending', count(*) filter (where a.state = 'PRESCRIPTION_FILLED' and not a.archived and a.prescription_date + make_interval(days => ${reminderDays}) < ${now})
        + (select count(*) from ${socialApplies} o
           where o.organisation_id = ${organisationId} and o.structure_id = ${structureRef} and o.state = 'PRESCRIPTION_FILLED' and not o.archived
             and o.prescription_date < ${since} and o.prescription_date + make_interval(days => ${reminderDays}) < ${now})
    )
    from ${socialApplies} a
    where a.organisation_id = ${organisationId} and a.structure_id = ${structureRef} and a.prescription_date >= ${since}
  )`
}

type RawIndicator = { medianDays: number | null; answeredInTime: number; due: number; latePending: number }
function indicatorOf(raw: RawIndicator | null, reminderDays: number): ResponseIndicator {
  return {
    medianDays: raw?.medianDays == null ? null : Math.round(Number(raw.medianDays) * 10) / 10,
    answeredWithinDelayShare: raw && raw.due > 0 ? raw.answeredInTime / raw.due : null,
    latePending: raw?.latePending ?? 0,
    reminderDays,
  }
}

const reminderDaysOf = (organisationId: string) =>
  sql`(select ${organisations.answerReminderDays} from ${organisations} where ${organisations.id} = ${organisationId})`

/** A structure's identity and contact, as its list and its page show them. */
export const structureContact = {
  id: partnerStructures.id,
  name: partnerStructures.name,
  siret: partnerStructures.siret,
  addressFormatted: partnerStructures.addressFormatted,
  phone: partnerStructures.phone,
  email: partnerStructures.email,
}

export type StructureListFilters = { search?: string; challengeId?: string | null; page?: number }

/** /partners/structure/default: the structures the organisation works with, 50 per page, with offers and indicator. */
export async function listPartnerStructures(
  db: DbOrTx,
  organisationId: string,
  filters: StructureListFilters = {},
  now: Date = clockNow(),
) {
  const page = Math.max(1, filters.page ?? 1)
  const where: (SQL | undefined)[] = [openToOrganisation(organisationId)]
  const search = filters.search?.trim() ?? ''
  if (search.length >= SEARCH_MIN_LENGTH) where.push(containsText(sql`${partnerStructures.searchText}`, search))
  if (filters.challengeId) {
    where.push(
      sql`exists (select 1 from ${socialOffers} o where o.structure_id = ${partnerStructures.id} and o.tags && coalesce((select array_agg(t) from ${challenges}, unnest(${challenges.tags}) t where ${and(eq(challenges.id, filters.challengeId), challengesOf(organisationId))}), '{}'))`,
    )
  }
  const condition = and(...where)
  const [[reminder], rows, [total]] = await Promise.all([
    db
      .select({ days: organisations.answerReminderDays })
      .from(organisations)
      .where(eq(organisations.id, organisationId)),
    db
      .select({
        ...structureContact,
        shared: sql<boolean>`${partnerStructures.organisationId} is null`,
        // Select-list subqueries name the outer row explicitly: Drizzle leaves a single table's columns unqualified there.
        offers: sql<number>`(select count(*)::int from ${socialOffers} o where o.structure_id = partner_structures.id)`,
        indicator: sql<RawIndicator | null>`${indicatorSql(organisationId, sql.raw('partner_structures.id'), reminderDaysOf(organisationId), now)}`,
      })
      .from(partnerStructures)
      .where(condition)
      .orderBy(asc(partnerStructures.name), asc(partnerStructures.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(partnerStructures).where(condition),
  ])
  const reminderDays = reminder?.days ?? 10
  return {
    total: total?.n ?? 0,
    page,
    rows: rows.map((r) => ({ ...r, indicator: indicatorOf(r.indicator, reminderDays) })),
  }
}

/** The structure's response indicator for one organisation's prescriptions. */
export async function responseIndicator(
  db: DbOrTx,
  organisationId: string,
  structureId: string,
  now: Date = clockNow(),
): Promise<ResponseIndicator> {
  const [row] = await db
    .select({
      days: organisations.answerReminderDays,
      raw: sql<RawIndicator | null>`${indicatorSql(organisationId, sql`${structureId}::uuid`, sql`${organisations.answerReminderDays}`, now)}`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return indicatorOf(row?.raw ?? null, row?.days ?? 10)
}

/** The structure's social offers, with the organisation's prescriptions per tab (archived ones aside). */
export async function structureOffersForOrganisation(
  db: DbOrTx,
  organisationId: string,
  structureId: string,
  now: Date = clockNow(),
) {
  // The counters kept by trigger (lib/prescriptions/counts.ts), not a count of the organisation's applies to the
  // structure; read beside the offers, in the same round.
  const [offers, counts] = await Promise.all([
    db
      .select({ ...offerCard, source: socialOffers.source })
      .from(socialOffers)
      .where(eq(socialOffers.structureId, structureId))
      .orderBy(asc(socialOffers.name)),
    tabCountsOfStructureForOrganisation(db, organisationId, structureId),
  ])
  const countOf = (offerId: string, state: string) =>
    counts.find((c) => c.offer_id === offerId && c.state === state)?.n ?? 0
  return offers.map((o) => ({
    ...o,
    expired: isExpired(o, now),
    counts: {
      PRESCRIPTION_FILLED: countOf(o.id, 'PRESCRIPTION_FILLED'),
      INTEGRATED_CANDIDATE: countOf(o.id, 'INTEGRATED_CANDIDATE'),
      REFUSED_STRUCTURE: countOf(o.id, 'REFUSED_STRUCTURE'),
    },
  }))
}

/** The structure's partner users (fullPartner), for those who run it. */
export async function partnerUsersOfStructure(db: DbOrTx, structureId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      disabled: users.disabled,
      structureAdmin: users.structureAdmin,
      // Never signed in: the invitation is still pending (or expired).
      invited: sql<boolean>`not exists (select 1 from session s where s.user_id = "user".id) and not exists (select 1 from account c where c.user_id = "user".id and c.password is not null)`,
    })
    .from(users)
    .where(and(eq(users.structureId, structureId), eq(users.role, PARTNER_ROLE)))
    .orderBy(asc(users.lastName), asc(users.firstName))
}

/** A structure by id: read by every partner page, so prepared once (lib/db/prepared.ts). */
const structureById = (db: DbOrTx) =>
  prepared(db, 'structure_by_id', (name) =>
    db
      .select()
      .from(partnerStructures)
      .where(eq(partnerStructures.id, sql.placeholder('id')))
      .prepare(name),
  )

export async function getOwnStructure(db: DbOrTx, structureId: string) {
  const [row] = await structureById(db).execute({ id: structureId })
  return row ?? null
}

/** The structures an organisation works with, by name: choices of the forms (models, offers). */
export async function partnerStructureChoices(db: DbOrTx, organisationId: string, linkedOnly = false) {
  return db
    .select({ id: partnerStructures.id, name: partnerStructures.name })
    .from(partnerStructures)
    .where(
      linkedOnly
        ? sql`exists (select 1 from organisation_partner_structures l where l.structure_id = ${partnerStructures.id} and l.organisation_id = ${organisationId})`
        : openToOrganisation(organisationId),
    )
    .orderBy(asc(partnerStructures.name))
}
