import { now } from '@/lib/clock'
import { runPrescriptionReminders } from '@/lib/prescriptions/reminders'
import type { JobHandler } from './handler'
import { QUEUES } from './queues'

/** Every hour (at :05): unanswered prescriptions reminded to their partner, then expired (lib/prescriptions/reminders.ts). */
export const prescriptionRemindersJob: JobHandler<Record<string, never>> = {
  queue: QUEUES.prescriptionReminders.name,
  batchSize: 1,
  run: async (_data, { db }) => runPrescriptionReminders(db, now()),
}
