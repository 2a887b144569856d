import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { DbOrTx } from '@/lib/db/client'
import { candidates } from '@/lib/db/schema'

/** STOP (by reply or as the provider reports it): the candidate receives nothing more. Audited; a repeat changes nothing. */
export async function optOut(
  db: DbOrTx,
  params: { organisationId: string; candidateId: string; at: Date; source: 'reply' | 'provider' },
) {
  const [row] = await db
    .update(candidates)
    .set({ smsOptedOutAt: params.at })
    .where(
      and(
        eq(candidates.id, params.candidateId),
        eq(candidates.organisationId, params.organisationId),
        isNull(candidates.smsOptedOutAt),
      ),
    )
    .returning({ id: candidates.id })
  if (row)
    await writeAudit(db, {
      actorId: null,
      organisationId: params.organisationId,
      action: 'sms.optedOut',
      entityType: 'candidate',
      entityId: row.id,
      details: { source: params.source },
    })
  return !!row
}

/** START: the candidate may receive SMS again. */
export async function optIn(db: DbOrTx, params: { organisationId: string; candidateId: string }) {
  const [row] = await db
    .update(candidates)
    .set({ smsOptedOutAt: null })
    .where(
      and(
        eq(candidates.id, params.candidateId),
        eq(candidates.organisationId, params.organisationId),
        isNotNull(candidates.smsOptedOutAt),
      ),
    )
    .returning({ id: candidates.id })
  if (row)
    await writeAudit(db, {
      actorId: null,
      organisationId: params.organisationId,
      action: 'sms.optedIn',
      entityType: 'candidate',
      entityId: row.id,
      details: { source: 'reply' },
    })
  return !!row
}
