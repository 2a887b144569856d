import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { writeAudit } from '@/lib/audit'
import { candidates } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { can, type PermissionSubject } from '@/lib/permissions'
import { decryptNir, nirKeyringOrNull } from '@/lib/crypto/nir-cipher'
import { recordRead } from '@/lib/journal/record-read'
import { formatNir } from './nir'

export type RevealNirResult =
  { ok: true; nir: string } | { ok: false; error: 'forbidden' | 'notFound' | 'noNir' | 'noKey' }

/**
 * The candidate's NIR, formatted, for a holder of candidate.nir.visualize of the candidate's organisation: the one
 * place the stored value is decrypted. Every read writes an audit row and a journal row (ids only) in the same
 * transaction; the NIR itself is never logged. Without the key it says so ('noKey'); a value under a key no longer
 * configured, or tampered with, throws (NirKeyError, in French). Neither writes anything.
 */
export async function revealNir(
  db: DbOrTx,
  {
    actor,
    candidateId,
  }: { actor: PermissionSubject & { id: string; organisationId: string | null }; candidateId: string },
): Promise<RevealNirResult> {
  if (!can(actor, 'candidate.nir.visualize')) return { ok: false, error: 'forbidden' }
  const organisationId = actor.organisationId
  if (!organisationId || !isUuid(candidateId)) return { ok: false, error: 'notFound' }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ nir: candidates.nirEncrypted })
      .from(candidates)
      .where(and(eq(candidates.id, candidateId), eq(candidates.organisationId, organisationId)))
    if (!row) return { ok: false, error: 'notFound' } as const
    if (!row.nir) return { ok: false, error: 'noNir' } as const
    // A server started without the key says so; a value it cannot authenticate is an error, logged as such.
    if (!nirKeyringOrNull()) return { ok: false, error: 'noKey' } as const
    const nir = formatNir(decryptNir(row.nir))
    await writeAudit(tx, {
      actorId: actor.id,
      organisationId,
      action: 'candidate.nir.read',
      entityType: 'candidate',
      entityId: candidateId,
    })
    await recordRead(tx, {
      actorId: actor.id,
      organisationId,
      ownerOrganisationId: organisationId,
      candidateId,
      kind: 'candidate.nir',
    })
    return { ok: true, nir } as const
  })
}
