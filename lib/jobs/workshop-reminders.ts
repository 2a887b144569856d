import { z } from 'zod'
import { now } from '@/lib/clock'
import { defineJob } from '@/lib/queue/job'
import { runWorkshopReminders } from '@/lib/workshops/reminders'

/** Every hour (on the hour): the reminders of tomorrow's workshops, due from 10:00 Paris (lib/workshops/reminders.ts). */
export const workshopRemindersJob = defineJob({
  name: 'workshop-reminders',
  policy: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  payload: z.object({}),
  cron: '0 * * * *',
  batchSize: 1,
  handler: async (_data, { db }) => {
    await runWorkshopReminders(db, now())
  },
})
