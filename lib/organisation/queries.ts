import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { customFieldDefinitions, enterprises, organisations, supportCourses, workshops } from '@/lib/db/schema'

/** Plain per-organisation lists and lookups; each is scoped by the organisation, and an id of another one is "not found". */
export const listEnterprises = (db: DbOrTx, organisationId: string) =>
  db.select().from(enterprises).where(eq(enterprises.organisationId, organisationId)).orderBy(asc(enterprises.name))

export async function getEnterprise(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db.select().from(enterprises).where(and(eq(enterprises.id, id), eq(enterprises.organisationId, organisationId)))
  return row ?? null
}

export const listSupportCourses = (db: DbOrTx, organisationId: string) =>
  db.select().from(supportCourses).where(eq(supportCourses.organisationId, organisationId)).orderBy(asc(supportCourses.name))

export async function getSupportCourse(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db.select().from(supportCourses).where(and(eq(supportCourses.id, id), eq(supportCourses.organisationId, organisationId)))
  return row ?? null
}

export const listWorkshops = (db: DbOrTx, organisationId: string) =>
  db.select().from(workshops).where(eq(workshops.organisationId, organisationId)).orderBy(asc(workshops.startsAt))

export async function getWorkshop(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db.select().from(workshops).where(and(eq(workshops.id, id), eq(workshops.organisationId, organisationId)))
  return row ?? null
}

export const listCustomFields = (db: DbOrTx, organisationId: string) =>
  db.select().from(customFieldDefinitions).where(eq(customFieldDefinitions.organisationId, organisationId)).orderBy(asc(customFieldDefinitions.position))

export async function getOrganisation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id))
  return row ?? null
}
