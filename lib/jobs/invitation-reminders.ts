import { z } from 'zod'
import { now } from '@/lib/clock'
import { remindBookedSessions, remindPendingInvitations } from '@/lib/invitations/reminders'
import { defineJob } from '@/lib/queue/job'

/**
 * Every hour (at :10): the day-3 reminders of pending invitations, then the reminders 48 hours before the sessions
 * booked from one (lib/invitations/reminders.ts).
 */
export const invitationRemindersJob = defineJob({
  name: 'invitation-reminders',
  policy: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  payload: z.object({}),
  cron: '10 * * * *',
  batchSize: 1,
  handler: async (_data, { db }) => {
    const at = now()
    return { invitations: await remindPendingInvitations(db, at), sessions: await remindBookedSessions(db, at) }
  },
})
