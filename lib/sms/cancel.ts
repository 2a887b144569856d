import { and, eq } from 'drizzle-orm'
import { writeAudit } from '@/lib/audit'
import type { Db } from '@/lib/db/client'
import { smsMessages } from '@/lib/db/schema'
import { move } from '@/lib/delivery/transitions'

/**
 * "Annuler l'envoi" of a message still waiting (its time, or the sending hours): only from `queued`
 * (lib/delivery/transitions.ts), so a message a worker has already claimed is not cancelled. Its job then finds it cancelled and does nothing.
 */
export async function cancelQueuedSms(
  db: Db,
  params: { organisationId: string; messageId: string; actorId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await move(tx, 'sms_messages', 'cancel', {
      to: 'cancelled',
      set: { statusAt: params.now },
      where: and(
        eq(smsMessages.id, params.messageId),
        eq(smsMessages.organisationId, params.organisationId),
        eq(smsMessages.direction, 'outbound'),
      ),
    })
    if (!row) return false
    await writeAudit(tx, {
      actorId: params.actorId,
      organisationId: params.organisationId,
      action: 'sms.cancelled',
      entityType: 'candidate',
      entityId: row.candidateId,
      details: { messageId: params.messageId },
    })
    return true
  })
}
