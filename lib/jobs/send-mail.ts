import { z } from 'zod'
import { sendQueuedMail } from '@/lib/mail/send-queued-mail'
import { defineJob } from '@/lib/queue/job'

/** One queued mail (an outbound_mails row), sent once (lib/mail/send-queued-mail.ts). */
export const sendMailJob = defineJob({
  name: 'send-mail',
  // Expiry 120 s > the mail's lease (45 s) > its longest SMTP exchange (lib/delivery/bounds.ts).
  policy: { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  payload: z.object({ mailId: z.guid() }),
  // 5 per poll, by 2 loops side by side: a batch ends within one SMTP exchange.
  batchSize: 5,
  concurrency: 2,
  handler: ({ mailId }, { db, lastAttempt }) => sendQueuedMail(db, mailId, { lastAttempt }),
})
