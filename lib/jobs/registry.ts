import type { z } from 'zod'
import type { JobDefinition } from '@/lib/queue/job'
import { anonymiseInactiveJob } from './anonymise-inactive'
import { answerDelaySummariesJob } from './answer-delay-summaries'
import { compactStatsJob } from './compact-stats'
import { invitationRemindersJob } from './invitation-reminders'
import { invitationSeatAlertsJob } from './invitation-seat-alerts'
import { partnerDigestJob } from './partner-digest'
import { prescriptionRemindersJob } from './prescription-reminders'
import { purgeExportsJob } from './purge-exports'
import { recoverExportsJob } from './recover-exports'
import { refreshSmsStatusJob } from './refresh-sms-status'
import { runExportJob } from './run-export'
import { sendMailJob } from './send-mail'
import { sendSmsJob } from './send-sms'
import { sweepSendsJob } from './sweep-sends'
import { workshopRemindersJob } from './workshop-reminders'

/**
 * Every job of the app: its queue and policy (lib/queue/setup.ts), the worker's loops (lib/queue/worker.ts), the cron
 * schedules, and the names and data `enqueue` accepts. A new kind of job: its file beside these (defineJob), its line here.
 */
export const JOBS = [
  sendMailJob,
  sendSmsJob,
  refreshSmsStatusJob,
  sweepSendsJob,
  runExportJob,
  recoverExportsJob,
  purgeExportsJob,
  anonymiseInactiveJob,
  prescriptionRemindersJob,
  workshopRemindersJob,
  invitationRemindersJob,
  invitationSeatAlertsJob,
  partnerDigestJob,
  compactStatsJob,
  answerDelaySummariesJob,
] as const satisfies readonly JobDefinition[]

type Payloads<Jobs extends readonly JobDefinition[]> = { [Job in Jobs[number] as Job['name']]: z.input<Job['payload']> }

declare module '@/lib/queue/enqueue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JobPayloads extends Payloads<typeof JOBS> {}
}
