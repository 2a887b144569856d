import { getApplyDocument } from '@/lib/prescriptions/documents'
import { getApplyForStructure } from '@/lib/prescriptions/partner-answers-fup'
import type { DbOrTx } from '@/lib/db/client'
import { isUuid } from '@/lib/ids'
import { can, type PermissionSubject } from '@/lib/permissions'
import { recordRead } from './record-read'

type Reader = PermissionSubject & { id: string; organisationId: string | null; structureId: string | null }

/**
 * The apply a partner opens in the FUP dialog, with its journal row when the dialog will show it (found, not archived,
 * with a FUP): the partner reads the person's beneficiary sheet. The row is written before the answer leaves, so a
 * dialog shown is a dialog journaled.
 */
export async function readApplyForDialog(db: DbOrTx, partner: { id: string; structureId: string }, applyId: string) {
  const apply = await getApplyForStructure(db, partner.structureId, applyId)
  if (apply && !apply.archived && apply.fup)
    await recordRead(db, {
      actorId: partner.id,
      organisationId: null,
      structureId: partner.structureId,
      ownerOrganisationId: apply.organisationId,
      candidateId: apply.candidateId,
      kind: 'fup.dialog',
      entityId: apply.id,
    })
  return apply
}

/**
 * A prescription or answer PDF for its tenants (the partner structure the apply went to; the candidate's organisation,
 * with candidate.visualize), journaled before its bytes are handed out. Anything else is null ("not found"), unjournaled.
 */
export async function readApplyDocument(db: DbOrTx, reader: Reader, documentId: string) {
  if (!isUuid(documentId)) return null
  const organisationId = can(reader, 'candidate.visualize') ? reader.organisationId : null
  const doc = await getApplyDocument(db, documentId, { structureId: reader.structureId, organisationId })
  if (!doc) return null
  await recordRead(db, {
    actorId: reader.id,
    organisationId: reader.organisationId,
    structureId: reader.structureId,
    ownerOrganisationId: doc.organisationId,
    candidateId: doc.candidateId,
    kind: 'fup.pdf',
    entityId: documentId,
  })
  return doc
}
