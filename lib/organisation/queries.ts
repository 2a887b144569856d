import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { customFieldDefinitions, organisations } from '@/lib/db/schema'

/** Plain per-organisation lists and lookups; each is scoped by the organisation, and an id of another one is "not found". */
export const listCustomFields = (db: DbOrTx, organisationId: string) =>
  db
    .select()
    .from(customFieldDefinitions)
    .where(eq(customFieldDefinitions.organisationId, organisationId))
    .orderBy(asc(customFieldDefinitions.position))

export async function getOrganisation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id))
  return row ?? null
}
