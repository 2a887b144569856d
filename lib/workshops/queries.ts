import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import {
  candidates,
  partnerStructures,
  places,
  users,
  workshopFacilitators,
  workshopRegistrations,
  workshops,
} from '@/lib/db/schema'
import { PAGE_SIZE } from '@/lib/constants'
import { activeStaffChoices } from '@/lib/organisation/active-staff'

export const WORKSHOP_TABS = ['upcoming', 'past'] as const
export type WorkshopTab = (typeof WORKSHOP_TABS)[number]
/** The place filter's value for workshops held by video. */
export const VIDEO_PLACE = 'visio'
export type WorkshopFilters = {
  tab?: WorkshopTab
  theme?: string
  facilitatorId?: string
  place?: string
  page?: number
}

/**
 * /workshops/dashboard: "À venir" (not ended yet; cancelled ones included, flagged) soonest first, and
 * "Passés" latest first, with both counts under the filters; 50 rows with seats taken, capacity and waitlist count
 * (counters kept on the workshop row).
 */
export async function listWorkshops(db: DbOrTx, organisationId: string, filters: WorkshopFilters, now: Date) {
  const tab = filters.tab ?? 'upcoming'
  const page = Math.max(1, filters.page ?? 1)
  const base: (SQL | undefined)[] = [
    eq(workshops.organisationId, organisationId),
    filters.theme ? eq(workshops.theme, filters.theme) : undefined,
    filters.facilitatorId
      ? sql`exists (select 1 from ${workshopFacilitators} f where f.workshop_id = ${workshops.id} and f.user_id = ${filters.facilitatorId})`
      : undefined,
    filters.place === VIDEO_PLACE
      ? sql`${workshops.videoUrl} is not null`
      : filters.place
        ? eq(workshops.addressFormatted, filters.place)
        : undefined,
  ]
  const upcoming = sql`coalesce(${workshops.endsAt}, ${workshops.startsAt}) >= ${now}`
  const past = sql`coalesce(${workshops.endsAt}, ${workshops.startsAt}) < ${now}`
  // The not-yet-ended start no earlier than the earliest start among them: read from workshops_upcoming_idx
  // (drizzle/0042), that bound lets the starts_at-ordered scan begin there rather than at the organisation's first
  // workshop. The fence (offset 0) keeps the planner from turning min() into that same ordered scan. A workshop without
  // a start (none is created so, but the column allows it) sorts after every other and is read apart, below.
  const upcomingFrom = sql`${workshops.startsAt} >= (select min(s.starts_at) from (select w.starts_at from ${workshops} w where w.organisation_id = ${organisationId} and coalesce(w.ends_at, w.starts_at) >= ${now} offset 0) s)`
  const countOf = (condition: SQL) => sql`(select count(*) from ${workshops} where ${and(...base, condition)})::int`
  const fields = {
    id: workshops.id,
    name: workshops.name,
    theme: workshops.theme,
    startsAt: workshops.startsAt,
    endsAt: workshops.endsAt,
    addressFormatted: workshops.addressFormatted,
    videoUrl: workshops.videoUrl,
    capacity: workshops.capacity,
    seatsTaken: workshops.seatsTaken,
    waitlistCount: workshops.waitlistCount,
    status: workshops.status,
  }
  const [rows, [counts]] = await Promise.all([
    db
      .select(fields)
      .from(workshops)
      .where(and(...base, ...(tab === 'upcoming' ? [upcoming, upcomingFrom] : [past])))
      .orderBy(
        ...(tab === 'upcoming'
          ? [asc(workshops.startsAt), asc(workshops.id)]
          : [desc(workshops.startsAt), desc(workshops.id)]),
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    // Each count over its own range of workshops_upcoming_idx (index-only), not one pass over every workshop of the
    // organisation: 2 ms instead of 7 for the 16 000 of the bench's biggest one.
    db
      .execute<{ upcoming: number; past: number; upcomingWithoutStart: number }>(
        sql`select ${countOf(upcoming)} as upcoming, ${countOf(past)} as past,
          ${countOf(and(upcoming, isNull(workshops.startsAt))!)} as "upcomingWithoutStart"`,
      )
      .then(({ rows }) => rows),
  ])
  // The upcoming ones without a start come last (ascending order puts nulls last): the page takes those it reaches.
  const withStart = (counts?.upcoming ?? 0) - (counts?.upcomingWithoutStart ?? 0)
  if (tab === 'upcoming' && counts?.upcomingWithoutStart && rows.length < PAGE_SIZE && page * PAGE_SIZE > withStart) {
    rows.push(
      ...(await db
        .select(fields)
        .from(workshops)
        .where(and(...base, upcoming, isNull(workshops.startsAt)))
        .orderBy(asc(workshops.id))
        .limit(PAGE_SIZE - rows.length)
        .offset(Math.max(0, (page - 1) * PAGE_SIZE - withStart))),
    )
  }
  return {
    tab,
    page,
    counts: { upcoming: counts?.upcoming ?? 0, past: counts?.past ?? 0 },
    total: tab === 'upcoming' ? (counts?.upcoming ?? 0) : (counts?.past ?? 0),
    rows,
  }
}

/**
 * The dashboard's filter choices: themes, facilitators and places used by the organisation's workshops. The distinct
 * themes and places are read by skipping from one value to the next in workshops_theme_idx and workshops_place_idx
 * (drizzle/0050): a probe per value, where select distinct read every workshop of the organisation.
 */
export async function workshopFilterOptions(db: DbOrTx, organisationId: string) {
  const [themes, placeRows, facilitators] = await Promise.all([
    workshopThemes(db, organisationId),
    db.execute<{ value: string }>(sql`
      with recursive t as (
        (select address_formatted as value from ${workshops}
         where organisation_id = ${organisationId} and address_formatted is not null order by address_formatted limit 1)
        union all
        select (select w.address_formatted from ${workshops} w
                where w.organisation_id = ${organisationId} and w.address_formatted is not null
                  and w.address_formatted > t.value
                order by w.address_formatted limit 1)
        from t where t.value is not null
      )
      select value from t where value is not null limit 200`),
    organisationStaff(db, organisationId),
  ])
  return { themes, places: placeRows.rows.map((p) => p.value), facilitators }
}

/** The themes the organisation's workshops use, in order (a support-course step's choice too). */
export async function workshopThemes(db: DbOrTx, organisationId: string): Promise<string[]> {
  const { rows } = await db.execute<{ value: string }>(sql`
    with recursive t as (
      (select theme as value from ${workshops}
       where organisation_id = ${organisationId} and theme > '' order by theme limit 1)
      union all
      select (select w.theme from ${workshops} w
              where w.organisation_id = ${organisationId} and w.theme > t.value order by w.theme limit 1)
      from t where t.value is not null
    )
    select value from t where value is not null`)
  return rows.map((t) => t.value)
}

/** The facilitators' choices: the organisation's active staff. */
export const organisationStaff = (db: DbOrTx, organisationId: string) => activeStaffChoices(db, organisationId)

/** A workshop of the organisation, with its facilitators and co-host; else null. */
export async function getWorkshop(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select({ workshop: workshops, structureName: partnerStructures.name })
    .from(workshops)
    .leftJoin(partnerStructures, eq(partnerStructures.id, workshops.structureId))
    .where(and(eq(workshops.id, id), eq(workshops.organisationId, organisationId)))
  if (!row) return null
  const facilitators = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(workshopFacilitators)
    .innerJoin(users, eq(users.id, workshopFacilitators.userId))
    .where(eq(workshopFacilitators.workshopId, id))
    .orderBy(asc(users.lastName))
  return { ...row.workshop, structureName: row.structureName, facilitators }
}

/** Its registrations: the seated by name, then the waitlist in order; cancelled ones aside. */
export async function registrationsOf(db: DbOrTx, organisationId: string, workshopId: string) {
  return db
    .select({
      id: workshopRegistrations.id,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      phone: candidates.phone,
      place: places.label,
      status: workshopRegistrations.status,
      attendance: workshopRegistrations.attendance,
      createdAt: workshopRegistrations.createdAt,
    })
    .from(workshopRegistrations)
    .innerJoin(candidates, eq(candidates.id, workshopRegistrations.candidateId))
    .leftJoin(places, eq(places.id, candidates.placeId))
    .where(
      and(
        eq(workshopRegistrations.organisationId, organisationId),
        eq(workshopRegistrations.workshopId, workshopId),
        sql`${workshopRegistrations.status} <> 'cancelled'`,
      ),
    )
    .orderBy(
      sql`${workshopRegistrations.status} = 'waitlisted'`,
      sql`case when ${workshopRegistrations.status} = 'waitlisted' then ${workshopRegistrations.createdAt} end`,
      asc(candidates.lastName),
      asc(candidates.firstName),
    )
}

/** The workshop picker's "already there" (lib/candidates/pickable.ts): registered to the workshop, or waitlisted. */
export function registeredTo(organisationId: string, workshopId: string) {
  return sql<boolean>`exists (select 1 from ${workshopRegistrations} r where r.organisation_id = ${organisationId} and r.workshop_id = ${workshopId} and r.candidate_id = ${candidates.id} and r.status <> 'cancelled')`
}

export async function countWorkshops(db: DbOrTx, organisationId: string) {
  const [row] = await db.select({ n: count() }).from(workshops).where(eq(workshops.organisationId, organisationId))
  return row?.n ?? 0
}

/** The candidate sheet's "Ateliers": the candidate's registrations (cancelled ones aside), newest workshop first. */
export async function workshopsOfCandidate(db: DbOrTx, organisationId: string, candidateId: string) {
  return db
    .select({
      id: workshopRegistrations.id,
      workshopId: workshops.id,
      name: workshops.name,
      startsAt: workshops.startsAt,
      endsAt: workshops.endsAt,
      workshopStatus: workshops.status,
      status: workshopRegistrations.status,
      attendance: workshopRegistrations.attendance,
    })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(
      and(
        eq(workshopRegistrations.organisationId, organisationId),
        eq(workshopRegistrations.candidateId, candidateId),
        sql`${workshopRegistrations.status} <> 'cancelled'`,
      ),
    )
    .orderBy(desc(workshops.startsAt))
}

/** The actions dashboard's "Mes ateliers du jour": the user's workshops (as facilitator) of the Paris day, not cancelled. */
export async function todaysWorkshopsOf(
  db: DbOrTx,
  organisationId: string,
  userId: string,
  dayStart: Date,
  dayEnd: Date,
) {
  return db
    .select({
      id: workshops.id,
      name: workshops.name,
      startsAt: workshops.startsAt,
      endsAt: workshops.endsAt,
      seatsTaken: workshops.seatsTaken,
      capacity: workshops.capacity,
    })
    .from(workshops)
    .innerJoin(
      workshopFacilitators,
      and(eq(workshopFacilitators.workshopId, workshops.id), eq(workshopFacilitators.userId, userId)),
    )
    .where(
      and(
        eq(workshops.organisationId, organisationId),
        eq(workshops.status, 'scheduled'),
        sql`${workshops.startsAt} >= ${dayStart} and ${workshops.startsAt} < ${dayEnd}`,
      ),
    )
    .orderBy(asc(workshops.startsAt))
}

/** The candidates dashboard's "Inscrire à un atelier": the organisation's coming workshops, soonest first. */
export async function upcomingWorkshops(db: DbOrTx, organisationId: string, now: Date) {
  return db
    .select({
      id: workshops.id,
      name: workshops.name,
      startsAt: workshops.startsAt,
      capacity: workshops.capacity,
      seatsTaken: workshops.seatsTaken,
      waitlistCount: workshops.waitlistCount,
    })
    .from(workshops)
    .where(
      and(
        eq(workshops.organisationId, organisationId),
        eq(workshops.status, 'scheduled'),
        sql`${workshops.startsAt} > ${now}`,
      ),
    )
    .orderBy(asc(workshops.startsAt), asc(workshops.id))
    .limit(100)
}
