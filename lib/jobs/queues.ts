import type PgBoss from 'pg-boss'

/**
 * Every queue of the app and its retry policy. pg-boss retries a failed job after `retryDelay · 2^n` seconds (with
 * jitter) up to `retryLimit` times, then leaves it `failed`; the handler marks its own record failed on the last
 * attempt so that a person sees it. `expireInSeconds` bounds an attempt: a worker killed in the middle leaves its job
 * active until then, and pg-boss's supervisor hands it to another attempt.
 */
export const QUEUES = {
  /**
   * One queued mail (outbound_mails row): data { mailId }. Expiry 120 s > the mail's lease (45 s) > its longest SMTP
   * exchange (25 s of time-outs); a batch of 5 runs concurrently, so it ends within one job's time.
   */
  sendMail: { name: 'send-mail', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /**
   * One SMS (sms_messages row): data { messageId }. Expiry 60 s > the SMS's lease (30 s) > the longest Twilio call
   * (10 s) plus the rate slot's longest wait (1 s; a later slot reschedules the job instead).
   */
  sendSms: { name: 'send-sms', retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  /** Every minute: the SMS and mails `sending` past their lease, settled (lib/delivery/sweep.ts): data {}. */
  sweepSends: { name: 'sweep-sends', retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
  /** Every 10 minutes: the SMS still `sending` whose callbacks never came, asked about (lib/sms/refresh-status.ts): data {}. */
  refreshSmsStatus: {
    name: 'refresh-sms-status',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  /** The nightly RGPD retention run over every organisation (lib/retention), fired by the schedule below: data {}. */
  anonymiseInactive: {
    name: 'anonymise-inactive',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
  /** The hourly reminder and expiry of unanswered prescriptions (lib/prescriptions/reminders.ts): data {}. */
  prescriptionReminders: {
    name: 'prescription-reminders',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 1800,
  },
  /** The hourly reminders of tomorrow's workshops (lib/workshops/reminders.ts): data {}. */
  workshopReminders: {
    name: 'workshop-reminders',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
  },
  /** One export of /v2/settings/exports (lib/exports/run-export.ts): data { exportId }. */
  runExport: { name: 'run-export', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  /** Every minute: the exports whose worker was killed get a new attempt (lib/exports/recover-exports.ts): data {}. */
  recoverExports: { name: 'recover-exports', retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 120 },
  /** The hourly deletion of the export files past their 7 days: data {}. */
  purgeExports: { name: 'purge-exports', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Every minute: the statistics' deltas folded into their monthly counters (lib/statistics/queries.ts): data {}. */
  compactStats: { name: 'compact-stats', retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
} as const satisfies Record<string, PgBoss.Queue & { expireInSeconds: number }>

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name']

/** pg-boss's own tables live in their own schema, beside the app's. */
export const JOB_SCHEMA = 'pgboss'

/** Cron schedules (Europe/Paris), declared with the queues; a worker started with `schedule: true` fires them, one worker per minute. */
export const SCHEDULES = [
  { queue: QUEUES.anonymiseInactive.name, cron: '30 2 * * *' },
  { queue: QUEUES.prescriptionReminders.name, cron: '5 * * * *' },
  { queue: QUEUES.workshopReminders.name, cron: '0 * * * *' },
  { queue: QUEUES.purgeExports.name, cron: '20 * * * *' },
  { queue: QUEUES.compactStats.name, cron: '* * * * *' },
  { queue: QUEUES.recoverExports.name, cron: '* * * * *' },
  { queue: QUEUES.refreshSmsStatus.name, cron: '*/10 * * * *' },
  { queue: QUEUES.sweepSends.name, cron: '* * * * *' },
] as const
export const SCHEDULE_TIME_ZONE = 'Europe/Paris'
