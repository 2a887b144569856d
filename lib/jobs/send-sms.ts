import { z } from 'zod'
import { defineJob, policyOf } from '@/lib/queue/job'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'

/** One SMS (an sms_messages row), handed to the provider once (lib/sms/send-queued-sms.ts). */
export const sendSmsJob = defineJob({
  name: 'send-sms',
  // Expiry 60 s > the SMS's lease (30 s) > the longest Twilio call plus the rate slot's longest wait (1 s; a later slot
  // reschedules the job instead).
  policy: { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  payload: z.object({ messageId: z.guid() }),
  // 5 per poll, sent concurrently, by 4 loops side by side: a batch ends within one job's time (a slot waits 1 s at
  // most, a call 10 s), far inside the queue's expiry; a bulk send of thousands is paced by the rate slots, not by
  // sleeping handlers (a job whose slot is further away is rescheduled, with the policy it was sent with).
  batchSize: 5,
  concurrency: 4,
  handler: ({ messageId }, { db, lastAttempt }, job) =>
    sendQueuedSms(db, messageId, { lastAttempt, jobPolicy: policyOf(job) }),
})
