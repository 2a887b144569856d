import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { partnerStructures } from '@/lib/db/schema'

/** The partner structures an organisation works with. */
export async function listPartnerStructures(db: DbOrTx, organisationId: string) {
  return db.select().from(partnerStructures).where(eq(partnerStructures.organisationId, organisationId)).orderBy(asc(partnerStructures.name))
}

export async function getPartnerStructure(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db.select().from(partnerStructures).where(and(eq(partnerStructures.id, id), eq(partnerStructures.organisationId, organisationId)))
  return row ?? null
}

export async function getOwnStructure(db: DbOrTx, structureId: string) {
  const [row] = await db.select().from(partnerStructures).where(eq(partnerStructures.id, structureId))
  return row ?? null
}
