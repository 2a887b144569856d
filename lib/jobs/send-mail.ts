import { isUuid } from '@/lib/ids'
import { sendQueuedMail } from '@/lib/mail/send-queued-mail'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

export const sendMailJob: JobHandler<{ mailId?: unknown }> = {
  queue: QUEUES.sendMail.name,
  // 5 per poll, by 2 loops side by side: a batch ends within one SMTP exchange (25 s of time-outs at most).
  batchSize: 5,
  concurrency: 2,
  run: async ({ mailId }, { db, lastAttempt }) => {
    if (typeof mailId !== 'string' || !isUuid(mailId)) return 'ignored'
    return sendQueuedMail(db, mailId, { lastAttempt })
  },
}
