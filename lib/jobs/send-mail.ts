import { isUuid } from '@/lib/ids'
import { sendQueuedMail } from '@/lib/mail/send-queued-mail'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

export const sendMailJob: JobHandler<{ mailId?: unknown }> = {
  queue: QUEUES.sendMail.name,
  batchSize: 5,
  run: async ({ mailId }, { db, lastAttempt }) => {
    if (typeof mailId !== 'string' || !isUuid(mailId)) return 'ignored'
    return sendQueuedMail(db, mailId, { lastAttempt })
  },
}
