import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { customFieldDefinitions, organisations, supportCourses } from '@/lib/db/schema'

/** Plain per-organisation lists and lookups; each is scoped by the organisation, and an id of another one is "not found". */
export const listSupportCourses = (db: DbOrTx, organisationId: string) =>
  db.select().from(supportCourses).where(eq(supportCourses.organisationId, organisationId)).orderBy(asc(supportCourses.name))

export async function getSupportCourse(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db.select().from(supportCourses).where(and(eq(supportCourses.id, id), eq(supportCourses.organisationId, organisationId)))
  return row ?? null
}

export const listCustomFields = (db: DbOrTx, organisationId: string) =>
  db.select().from(customFieldDefinitions).where(eq(customFieldDefinitions.organisationId, organisationId)).orderBy(asc(customFieldDefinitions.position))

export async function getOrganisation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id))
  return row ?? null
}
