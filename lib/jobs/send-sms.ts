import { isUuid } from '@/lib/ids'
import { sendQueuedSms } from '@/lib/sms/send-queued-sms'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

export const sendSmsJob: JobHandler<{ messageId?: unknown }> = {
  queue: QUEUES.sendSms.name,
  // A bulk send of thousands: 50 per poll, sent concurrently (the provider's rate limit, when set, paces them).
  batchSize: 50,
  run: async ({ messageId }, { db, lastAttempt }) => {
    if (typeof messageId !== 'string' || !isUuid(messageId)) return 'ignored'
    return sendQueuedSms(db, messageId, { lastAttempt })
  },
}
