import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '@/lib/db/client'
import { orientations, places, referralLinks, users } from '@/lib/db/schema'
import { fullName } from '@/lib/person-name'

const deciders = alias(users, 'decider')

/**
 * The actions dashboard's "Orientations reçues": the organisation's pending orientations, oldest first, each late once
 * older than the organisation's reminder delay (the same as for unanswered prescriptions); with the counts.
 */
export async function pendingOrientations(db: DbOrTx, organisationId: string, lateBefore: Date) {
  // The counts in the same statement as the first rows, over every pending one (a window, before the limit).
  const rows = await db
    .select({
      id: orientations.id,
      firstName: orientations.firstName,
      lastName: orientations.lastName,
      prescriberStructure: orientations.prescriberStructure,
      createdAt: orientations.createdAt,
      link: referralLinks.label,
      total: sql<number>`(count(*) over ())::int`,
      lateTotal: sql<number>`(count(*) filter (where ${orientations.createdAt} < ${lateBefore}) over ())::int`,
    })
    .from(orientations)
    .innerJoin(referralLinks, eq(referralLinks.id, orientations.linkId))
    .where(and(eq(orientations.organisationId, organisationId), eq(orientations.status, 'pending')))
    .orderBy(asc(orientations.createdAt), asc(orientations.id))
    .limit(50)
  return {
    rows: rows.map(({ total: _total, lateTotal: _late, ...r }) => ({ ...r, late: r.createdAt < lateBefore })),
    total: rows[0]?.total ?? 0,
    late: rows[0]?.lateTotal ?? 0,
  }
}

/** One orientation of the organisation (another's is "not found"), with its link, place and decider. */
export async function getOrientation(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select({
      orientation: orientations,
      link: referralLinks.label,
      place: places.label,
      deciderFirstName: deciders.firstName,
      deciderLastName: deciders.lastName,
    })
    .from(orientations)
    .innerJoin(referralLinks, eq(referralLinks.id, orientations.linkId))
    .leftJoin(places, eq(places.id, orientations.placeId))
    .leftJoin(deciders, eq(deciders.id, orientations.decidedById))
    .where(and(eq(orientations.id, id), eq(orientations.organisationId, organisationId)))
  if (!row) return null
  return {
    ...row.orientation,
    link: row.link,
    place: row.place,
    decider: fullName({ firstName: row.deciderFirstName, lastName: row.deciderLastName }) || null,
  }
}
