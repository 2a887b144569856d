import { z } from 'zod'
import { now } from '@/lib/clock'
import { alertFullThemes } from '@/lib/invitations/seat-alerts'
import { defineJob } from '@/lib/queue/job'

/**
 * Every night at 05:40 (Paris): the organisations whose invited people can no longer book a theme are mailed, once a day
 * per theme (lib/invitations/seat-alerts.ts), so the mail waits at the top of the inbox when the day starts.
 */
export const invitationSeatAlertsJob = defineJob({
  name: 'invitation-seat-alerts',
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
  payload: z.object({}),
  cron: '40 5 * * *',
  batchSize: 1,
  handler: (_data, { db }) => alertFullThemes(db, now()),
})
