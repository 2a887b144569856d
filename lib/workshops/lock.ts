import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { workshops } from '@/lib/db/schema'

/** Who changes a workshop or its seats: the organisation (the tenant of every write) and the user. */
export type WorkshopActor = { organisationId: string; actorId: string }

/** The workshop row, locked, if it is the organisation's. */
export async function lockWorkshop(tx: DbOrTx, organisationId: string, workshopId: string) {
  const [w] = await tx
    .select()
    .from(workshops)
    .where(and(eq(workshops.id, workshopId), eq(workshops.organisationId, organisationId)))
    .for('update')
  return w ?? null
}
