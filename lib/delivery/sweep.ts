import type { DbOrTx } from '@/lib/db/client'
import { logError } from '@/lib/log'
import { settleExpiredMail } from '@/lib/mail/send-queued-mail'
import { reconcileSms } from '@/lib/sms/reconcile'
import { smsTransport, type SmsTransport } from '@/lib/sms/transport'
import { expiredAttempt, expiredIds } from './attempt'

/** Messages settled per run and table (the job runs every minute). */
const BATCH = 200

export type SweepResult = { sms: Record<string, number>; mails: Record<string, number> }

/**
 * The sweep-sends job: the SMS and mails still `sending` past their attempt's lease — a worker killed, a call whose
 * answer never came — with or without a provider id, are settled by the rule of lib/delivery/attempt.ts: an SMS is
 * reconciled with Twilio (lib/sms/reconcile.ts), a mail whose attempt may have reached SMTP is `unknown`; one whose
 * attempt provably never called goes back to the queue. A provider that does not answer for one message does not stop
 * the others (that one is tried again next run).
 */
export async function sweepSends(db: DbOrTx, options: { now: Date; transport?: SmsTransport }): Promise<SweepResult> {
  const result: SweepResult = { sms: {}, mails: {} }
  const count = (into: Record<string, number>, outcome: string) => (into[outcome] = (into[outcome] ?? 0) + 1)
  for (const id of await expiredIds(db, 'sms_messages', BATCH)) {
    try {
      const expired = await expiredAttempt(db, 'sms_messages', id)
      if (expired) count(result.sms, await reconcileSms(db, expired, options.transport ?? smsTransport(), options.now))
    } catch (error) {
      logError('sweep-sends.sms', error)
      count(result.sms, 'error')
    }
  }
  for (const id of await expiredIds(db, 'outbound_mails', BATCH)) {
    const expired = await expiredAttempt(db, 'outbound_mails', id)
    if (expired) count(result.mails, await settleExpiredMail(db, expired, options.now))
  }
  return result
}
