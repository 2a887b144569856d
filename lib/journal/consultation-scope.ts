import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { candidates, users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { can, type PermissionSubject } from '@/lib/permissions'
import type { ConsultationScope } from './consultations'

export type JournalReader = PermissionSubject & { id: string; organisationId: string | null }

/**
 * Who may read "Consultations", and of what: an administrator (settings.visualize), of a candidate or a user of their
 * own organisation. Anything else — another role, another organisation's candidate or user, an id of nothing — is null,
 * which the pages and the CSV answer as "not found".
 */
export async function consultationScope(
  db: DbOrTx,
  reader: JournalReader,
  of: { candidateId: string } | { userId: string },
): Promise<ConsultationScope | null> {
  const organisationId = reader.organisationId
  if (!organisationId || !can(reader, 'settings.visualize')) return null
  if ('candidateId' in of) {
    if (!isUuid(of.candidateId)) return null
    const [row] = await db
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(eq(candidates.id, of.candidateId), eq(candidates.organisationId, organisationId)))
    return row ? { ownerOrganisationId: organisationId, candidateId: row.id } : null
  }
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, of.userId), eq(users.organisationId, organisationId)))
  return row ? { ownerOrganisationId: organisationId, actorId: row.id } : null
}
