import { z } from 'zod'
import { now } from '@/lib/clock'
import { runPrescriptionReminders } from '@/lib/prescriptions/reminders'
import { defineJob } from '@/lib/queue/job'

/** Every hour (at :05): unanswered prescriptions reminded to their partner, then expired (lib/prescriptions/reminders.ts). */
export const prescriptionRemindersJob = defineJob({
  name: 'prescription-reminders',
  policy: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  payload: z.object({}),
  cron: '5 * * * *',
  batchSize: 1,
  handler: (_data, { db }) => runPrescriptionReminders(db, now()),
})
