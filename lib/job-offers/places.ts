import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { places } from '@/lib/db/schema'

/** The organisation's places (towns), the job offers' "Lieu". */
export const organisationPlaces = (db: DbOrTx, organisationId: string) =>
  db
    .select({ id: places.id, label: places.label })
    .from(places)
    .where(eq(places.organisationId, organisationId))
    .orderBy(asc(places.label))
