import { now } from '@/lib/clock'
import { runWorkshopReminders } from '@/lib/workshops/reminders'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** Every hour (on the hour): the reminders of tomorrow's workshops, due from 10:00 Paris (lib/workshops/reminders.ts). */
export const workshopRemindersJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.workshopReminders.name,
  batchSize: 1,
  run: async (_data, { db }) => {
    await runWorkshopReminders(db, now())
  },
}
