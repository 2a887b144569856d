import { and, eq, or } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { documents, fups, socialApplies } from '@/lib/db/schema'

/**
 * A prescription or FUP answer PDF, if the user's tenant may read it: the partner structure the apply was
 * sent to, or the organisation of its candidate. Anything else is "not found".
 */
export async function getApplyDocument(
  db: DbOrTx,
  documentId: string,
  tenant: { structureId: string | null; organisationId: string | null },
) {
  const tenantMatch = or(
    tenant.structureId ? eq(socialApplies.structureId, tenant.structureId) : undefined,
    tenant.organisationId ? eq(socialApplies.organisationId, tenant.organisationId) : undefined,
  )
  if (!tenantMatch) return null
  const [row] = await db
    .select({
      name: documents.name,
      mimeType: documents.mimeType,
      content: documents.content,
      organisationId: socialApplies.organisationId,
      candidateId: socialApplies.candidateId,
    })
    .from(documents)
    .innerJoin(socialApplies, eq(socialApplies.prescriptionDocumentId, documents.id))
    .where(and(eq(documents.id, documentId), tenantMatch))
    .unionAll(
      db
        .select({
          name: documents.name,
          mimeType: documents.mimeType,
          content: documents.content,
          organisationId: socialApplies.organisationId,
          candidateId: socialApplies.candidateId,
        })
        .from(documents)
        .innerJoin(fups, eq(fups.answerDocumentId, documents.id))
        .innerJoin(socialApplies, eq(socialApplies.id, fups.socialApplyId))
        .where(and(eq(documents.id, documentId), tenantMatch)),
    )
    .limit(1)
  return row ?? null
}
