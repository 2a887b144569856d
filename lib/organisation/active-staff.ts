import { and, asc, eq, ne, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { PARTNER_ROLE } from '@/lib/permissions'

/**
 * An organisation's active staff: its users, partners' accounts (fullPartner) and disabled accounts left out. They
 * are the referents a candidate can have, a workshop's facilitators, a course's owners, the authors a filter offers.
 * A condition on `users`, to put in any query's where.
 */
export function activeStaffOf(organisationId: string): SQL {
  return and(eq(users.organisationId, organisationId), eq(users.disabled, false), ne(users.role, PARTNER_ROLE))!
}

/**
 * Their names for a filter or a picker, by family name. With `onlyUserId` (a filter without filters.authors, spec §6),
 * that user alone.
 */
export function activeStaffChoices(db: DbOrTx, organisationId: string, onlyUserId?: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(activeStaffOf(organisationId), onlyUserId ? eq(users.id, onlyUserId) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
}
