import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { smsMessages } from '@/lib/db/schema'
import { move } from '@/lib/delivery/transitions'
import { isUuid } from '@/lib/ids'
import { optOut } from './opt-out'
import { providerStatusOf } from './transport'

export type StatusCallback = {
  messageId: string | null
  sid: string
  status: string
  errorCode: string | null
  at: Date
}

/**
 * A provider's status callback, signature already checked: moves the message forward only (a repeated or late
 * callback changes nothing). The message is found by our id (in the callback's URL) or by the provider's id; an id
 * pair that does not match changes nothing. 21610 (recipient unsubscribed) also opts the candidate out.
 */
export async function applyStatusCallback(
  db: Db,
  callback: StatusCallback,
): Promise<'updated' | 'unchanged' | 'unknown'> {
  const status = providerStatusOf(callback.status)
  if (status === 'sending') return 'unchanged'
  const byId = callback.messageId && isUuid(callback.messageId)
  const match = byId
    ? and(
        eq(smsMessages.id, callback.messageId!),
        or(isNull(smsMessages.providerSid), eq(smsMessages.providerSid, callback.sid)),
      )
    : eq(smsMessages.providerSid, callback.sid)
  return db.transaction(async (tx) => {
    const [updated] = await move(tx, 'sms_messages', 'report', {
      to: status,
      set: {
        providerSid: sql`coalesce(${smsMessages.providerSid}, ${callback.sid})`,
        errorCode: status === 'failed' || status === 'undelivered' ? (callback.errorCode ?? null) : null,
        sentAt: sql`coalesce(${smsMessages.sentAt}, ${callback.at.toISOString()}::timestamptz)`,
        leaseUntil: null,
        statusAt: callback.at,
      },
      where: and(match, eq(smsMessages.direction, 'outbound')),
    })
    if (!updated) {
      const [known] = await tx.select({ id: smsMessages.id }).from(smsMessages).where(match)
      return known ? 'unchanged' : 'unknown'
    }
    if (callback.errorCode === '21610')
      await optOut(tx, {
        organisationId: updated.organisationId,
        candidateId: updated.candidateId,
        at: callback.at,
        source: 'provider',
      })
    return 'updated'
  })
}
