import { isUuid } from '@/lib/ids'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

export const sendSmsJob: JobHandler<{ messageId?: unknown }> = {
  queue: QUEUES.sendSms.name,
  // 5 per poll, sent concurrently: a batch ends within one job's time (a slot waits 2 s at most, a call 10 s), far
  // inside the queue's expiry; a bulk send of thousands is paced by the rate slots, not by sleeping handlers.
  batchSize: 5,
  run: async ({ messageId }, { db, lastAttempt }) => {
    if (typeof messageId !== 'string' || !isUuid(messageId)) return 'ignored'
    return sendQueuedSms(db, messageId, { lastAttempt })
  },
}
