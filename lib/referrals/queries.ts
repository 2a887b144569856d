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
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: orientations.id,
        firstName: orientations.firstName,
        lastName: orientations.lastName,
        prescriberStructure: orientations.prescriberStructure,
        createdAt: orientations.createdAt,
        link: referralLinks.label,
      })
      .from(orientations)
      .innerJoin(referralLinks, eq(referralLinks.id, orientations.linkId))
      .where(and(eq(orientations.organisationId, organisationId), eq(orientations.status, 'pending')))
      .orderBy(asc(orientations.createdAt), asc(orientations.id))
      .limit(50),
    db
      .select({
        total: sql<number>`count(*)::int`,
        late: sql<number>`(count(*) filter (where ${orientations.createdAt} < ${lateBefore}))::int`,
      })
      .from(orientations)
      .where(and(eq(orientations.organisationId, organisationId), eq(orientations.status, 'pending'))),
  ])
  return {
    rows: rows.map((r) => ({ ...r, late: r.createdAt < lateBefore })),
    total: counts?.total ?? 0,
    late: counts?.late ?? 0,
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
