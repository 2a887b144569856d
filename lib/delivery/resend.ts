import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { outboundMails, smsMessages } from '@/lib/db/schema'
import { enqueue } from '@/lib/queue/enqueue'
import { sendJob } from './attempt'
import type { DeliveryTable } from './bounds'
import { move } from './transitions'

/**
 * "Renvoyer", a person's decision: a message of the organisation that failed, or whose fate is unknown (the one move
 * that can send it twice, which is why only a person makes it), back in the queue with a new job, on the caller's
 * transaction. Not an SMS the provider gave an id (it has it), nor a mail whose text is gone. False: nothing to resend.
 */
export async function resend(
  tx: DbOrTx,
  t: DeliveryTable,
  params: { id: string; organisationId: string; now: Date },
): Promise<boolean> {
  const fresh = { errorCode: null, attemptId: null, leaseUntil: null, callingAt: null, statusAt: params.now }
  const rows =
    t === 'sms_messages'
      ? await move(tx, t, 'resend', {
          to: 'queued',
          set: { ...fresh, scheduledFor: params.now },
          where: and(
            eq(smsMessages.id, params.id),
            eq(smsMessages.organisationId, params.organisationId),
            eq(smsMessages.direction, 'outbound'),
            isNull(smsMessages.providerSid),
          ),
        })
      : await move(tx, 'outbound_mails', 'resend', {
          to: 'queued',
          set: { ...fresh, attempts: 0 },
          where: and(
            eq(outboundMails.id, params.id),
            eq(outboundMails.organisationId, params.organisationId),
            isNotNull(outboundMails.sealedText),
          ),
        })
  if (!rows.length) return false
  await enqueue(tx, sendJob(t, params.id), { now: params.now })
  return true
}
