import { isUuid } from '@/lib/ids'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

export const sendSmsJob: JobHandler<{ messageId?: unknown }> = {
  queue: QUEUES.sendSms.name,
  // 5 per poll, sent concurrently, by 4 loops side by side: a batch ends within one job's time (a slot waits 1 s at
  // most, a call 10 s), far inside the queue's expiry; a bulk send of thousands is paced by the rate slots, not by
  // sleeping handlers (a job whose slot is further away is rescheduled).
  batchSize: 5,
  concurrency: 4,
  run: async ({ messageId }, { db, lastAttempt }, job) => {
    if (typeof messageId !== 'string' || !isUuid(messageId)) return 'ignored'
    // pg-boss reads the expiry back as a numeric (a string such as "60.000000"), which its insert refuses: a number.
    const jobPolicy = {
      retryLimit: Number(job.retryLimit),
      retryDelay: Number(job.retryDelay),
      retryBackoff: job.retryBackoff,
      expireInSeconds: Math.round(Number(job.expireInSeconds)),
    }
    return sendQueuedSms(db, messageId, { lastAttempt, jobPolicy })
  },
}
