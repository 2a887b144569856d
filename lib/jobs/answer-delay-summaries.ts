import { z } from 'zod'
import { now } from '@/lib/clock'
import { defineJob } from '@/lib/queue/job'
import { summariseAnswerDelays, summariseStructureAnswerDelays } from '@/lib/statistics/answer-delay-summaries'

/**
 * Every hour, and once when the app starts: each organisation's partners' answer delays over the statistics' preset
 * periods, then each partner structure's own over the last 12 months (lib/statistics/answer-delay-summaries.ts). A run
 * that fails leaves the previous summaries, which the pages stop showing after two hours (they compute the figures
 * themselves then).
 */
export const answerDelaySummariesJob = defineJob({
  name: 'answer-delay-summaries',
  policy: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 900 },
  payload: z.object({}),
  cron: '0 * * * *',
  atStart: true,
  batchSize: 1,
  handler: async (_data, { db }) => {
    const at = now()
    return (await summariseAnswerDelays(db, at)) + (await summariseStructureAnswerDelays(db, at))
  },
})
