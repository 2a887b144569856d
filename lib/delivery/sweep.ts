import { sql } from 'drizzle-orm'
import type { DbOrTx } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/enqueue'
import { QUEUES } from '@/lib/jobs/queues'
import { logError } from '@/lib/log'
import { settleExpiredMail } from '@/lib/mail/send-queued-mail'
import { reconcileSms } from '@/lib/sms/reconcile'
import { smsTransport, type SmsTransport } from '@/lib/sms/transport'
import { expiredAttempt, expiredIds } from './attempt'

/** Messages settled per run and table (the job runs every minute). */
const BATCH = 200

/** A message `queued` this long past its time with no job left to send it is given a new one. */
const ORPHAN_MINUTES = 10

export type SweepResult = { sms: Record<string, number>; mails: Record<string, number> }

/**
 * The sweep-sends job: the SMS and mails still `sending` past their attempt's lease — a worker killed, a call whose
 * answer never came — with or without a provider id, are settled by the rule of lib/delivery/attempt.ts: an SMS is
 * reconciled with Twilio (lib/sms/reconcile.ts), a mail whose attempt may have reached SMTP is `unknown`; one whose
 * attempt provably never called goes back to the queue. Each message is settled on its own: one that throws (a
 * provider that does not answer, a write that fails) does not stop the others, and is tried again next run. Then the messages `queued` with no job left get one.
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
    try {
      const expired = await expiredAttempt(db, 'outbound_mails', id)
      if (expired) count(result.mails, await settleExpiredMail(db, expired, options.now))
    } catch (error) {
      logError('sweep-sends.mail', error)
      count(result.mails, 'error')
    }
  }
  const orphans = await requeueOrphans(db, options.now)
  if (orphans.sms) result.sms.orphans = orphans.sms
  if (orphans.mails) result.mails.orphans = orphans.mails
  return result
}

/**
 * A safety net: messages still `queued` well past their time (an SMS's `scheduled_for`, or its rate slot if later; a
 * mail's `status_at`) may have lost their job (its last retry expired with a killed worker, say) and
 * get a new one. pg-boss's tables are its own: rather than look for the old job there, the new one is a singleton per
 * message and ten minutes (pg-boss's `singletonKey` and `singletonSeconds`), and since each job only claims its message
 * from `queued`, a message whose old job is still alive is sent once all the same.
 */
async function requeueOrphans(db: DbOrTx, at: Date): Promise<{ sms: number; mails: number }> {
  const { rows: sms } = await db.execute<{ id: string }>(sql`
    select m.id from sms_messages m
    where m.direction = 'outbound' and m.status = 'queued'
      and greatest(m.scheduled_for, m.slot_at) < clock_timestamp() - make_interval(mins => ${ORPHAN_MINUTES})
    order by m.scheduled_for limit ${BATCH}`)
  const { rows: mails } = await db.execute<{ id: string }>(sql`
    select m.id from outbound_mails m
    where m.status = 'queued' and m.status_at < clock_timestamp() - make_interval(mins => ${ORPHAN_MINUTES})
    order by m.status_at limit ${BATCH}`)
  const once = (id: string) => ({ singletonKey: `orphan:${id}`, singletonSeconds: ORPHAN_MINUTES * 60 })
  await enqueue(
    db,
    [
      ...sms.map((r) => ({ queue: QUEUES.sendSms.name, data: { messageId: r.id }, ...once(r.id) })),
      ...mails.map((r) => ({ queue: QUEUES.sendMail.name, data: { mailId: r.id }, ...once(r.id) })),
    ],
    { now: at },
  )
  return { sms: sms.length, mails: mails.length }
}
