import { z } from 'zod'
import { now } from '@/lib/clock'
import { sendPartnerDigests } from '@/lib/prescriptions/digest'
import { defineJob } from '@/lib/queue/job'

/**
 * At 8:00 Paris, Monday to Friday: each partner user on a daily digest (on Monday a weekly one too) gets one mail of
 * their structure's prescriptions waiting for an answer, once per day (lib/prescriptions/digest.ts). A retry later in
 * the morning sends only the digests the failed attempt did not commit.
 */
export const partnerDigestJob = defineJob({
  name: 'partner-digest',
  policy: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
  payload: z.object({}),
  cron: '0 8 * * 1-5',
  batchSize: 1,
  handler: (_data, { db }) => sendPartnerDigests(db, now()),
})
