import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { smsMessages } from '@/lib/db/schema'
import { logError } from '@/lib/log'
import { applyStatusCallback } from './status-callback'
import { smsTransport, type SmsTransport } from './transport'

/** A message the provider took and has said nothing of for this long is asked about (its callbacks may be lost). */
export const SMS_STATUS_STALE_SECONDS = 15 * 60
/** Past this, a message still on its way is no longer asked about: the provider gave up on it long before. */
const SMS_STATUS_GIVE_UP_SECONDS = 3 * 24 * 3600
/** Messages asked about per run (the job runs every 10 minutes). */
const BATCH = 200

/**
 * The refresh-sms-status job: a status callback that never came (the app was restarting, a worker was killed, the
 * network dropped it) would leave a message "En cours d'envoi" for good, since Twilio does not send it again. So the
 * messages the provider took (they have its id) and that are still `sending` after SMS_STATUS_STALE_SECONDS are asked
 * about, one by one, and move forward as a callback would have moved them (applyStatusCallback: forward only, a
 * message a late callback already moved stays as it is). A provider that does not answer for one message does not
 * stop the others.
 */
export async function refreshStaleSmsStatuses(
  db: Db,
  options: { now: Date; staleSeconds?: number; transport?: SmsTransport },
): Promise<{ asked: number; updated: number }> {
  const transport = options.transport ?? smsTransport()
  const staleSeconds = options.staleSeconds ?? SMS_STATUS_STALE_SECONDS
  const rows = await db
    .select({ id: smsMessages.id, sid: smsMessages.providerSid })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'outbound'),
        eq(smsMessages.status, 'sending'),
        isNotNull(smsMessages.providerSid),
        lt(smsMessages.statusAt, new Date(options.now.getTime() - staleSeconds * 1000)),
        gt(smsMessages.statusAt, new Date(options.now.getTime() - SMS_STATUS_GIVE_UP_SECONDS * 1000)),
      ),
    )
    .orderBy(asc(smsMessages.statusAt))
    .limit(BATCH)
  let updated = 0
  for (const row of rows) {
    try {
      const known = await transport.fetchStatus(row.sid!)
      if (!known) continue
      const outcome = await applyStatusCallback(db, {
        messageId: row.id,
        sid: row.sid!,
        status: known.status,
        errorCode: known.errorCode ?? null,
        at: options.now,
      })
      if (outcome === 'updated') updated += 1
    } catch (error) {
      logError('sms.refresh-status', error)
    }
  }
  return { asked: rows.length, updated }
}
