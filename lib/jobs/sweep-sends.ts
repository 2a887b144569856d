import { z } from 'zod'
import { now } from '@/lib/clock'
import type { DbOrTx } from '@/lib/db/client'
import { settleExpired } from '@/lib/delivery/attempt'
import { requeueOrphans, settleEach } from '@/lib/delivery/sweep'
import { defineJob } from '@/lib/queue/job'
import { reconcileSms } from '@/lib/sms/reconcile'
import { smsTransport, type SmsTransport } from '@/lib/sms/transport'

export type SweepResult = { sms: Record<string, number>; mails: Record<string, number> }

/**
 * The SMS and mails still `sending` past their attempt's lease — a worker killed, a call whose answer never came —
 * settled one by one (lib/delivery/sweep.ts): an SMS is reconciled with Twilio (lib/sms/reconcile.ts); a mail whose
 * attempt may have reached SMTP is `unknown`, SMTP having no way to ask; one whose attempt provably never called goes
 * back to the queue. Then the messages `queued` with no job left get one.
 */
export async function sweepSends(db: DbOrTx, options: { now: Date; transport?: SmsTransport }): Promise<SweepResult> {
  const transport = options.transport ?? smsTransport()
  const sms = await settleEach(db, 'sms_messages', (expired) => reconcileSms(db, expired, transport, options.now))
  const mails = await settleEach(db, 'outbound_mails', (expired) =>
    settleExpired(db, 'outbound_mails', expired, options.now),
  )
  const orphans = await requeueOrphans(db, options.now)
  if (orphans.sms) sms.orphans = orphans.sms
  if (orphans.mails) mails.orphans = orphans.mails
  return { sms, mails }
}

/** Every minute: the SMS and mails stuck `sending` past their lease, settled. */
export const sweepSendsJob = defineJob({
  name: 'sweep-sends',
  policy: { retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
  payload: z.object({}),
  cron: '* * * * *',
  batchSize: 1,
  handler: (_data, { db }) => sweepSends(db, { now: now() }),
})
