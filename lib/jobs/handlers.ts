import { anonymiseInactiveJob } from './anonymise-inactive'
import type { JobHandler } from './handler'
import { prescriptionRemindersJob } from './prescription-reminders'
import { refreshSmsStatusJob } from './refresh-sms-status'
import { purgeExportsJob, recoverExportsJob, runExportJob } from './run-export'
import { compactStatsJob } from './compact-stats'
import { sendMailJob } from './send-mail'
import { sendSmsJob } from './send-sms'
import { sweepSendsJob } from './sweep-sends'
import { workshopRemindersJob } from './workshop-reminders'

/** Every job the worker runs. A new kind: its queue in queues.ts, its file here beside these. */
export const JOB_HANDLERS: JobHandler<never>[] = [
  sendMailJob,
  sendSmsJob,
  refreshSmsStatusJob,
  anonymiseInactiveJob,
  prescriptionRemindersJob,
  workshopRemindersJob,
  runExportJob,
  recoverExportsJob,
  purgeExportsJob,
  compactStatsJob,
  sweepSendsJob,
] as JobHandler<never>[]
