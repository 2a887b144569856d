import { addCalendarDays, parisDateTimeToInstant, parisToday } from '@/lib/dates'
import type { Db } from '@/lib/db/client'
import { organisations } from '@/lib/db/schema'
import { purgeOrientations } from '@/lib/referrals/retention'
import { anonymiseInactiveCandidates } from './anonymise'
import { purgeReadJournal } from './purge-read-journal'

/** The nightly run's time in Paris (the anonymise-inactive job's cron, lib/jobs/anonymise-inactive.ts). */
export const RETENTION_RUN_TIME = '02:30'

/**
 * One run over every organisation, each with its own retention periods (candidates, orientations, the read journal).
 * Returns the candidates anonymised per organisation.
 */
export async function runRetention(db: Db, at: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({
      id: organisations.id,
      retentionDays: organisations.retentionDays,
      journalRetentionMonths: organisations.journalRetentionMonths,
    })
    .from(organisations)
  const done: Record<string, number> = {}
  for (const organisation of rows) {
    done[organisation.id] = await anonymiseInactiveCandidates(db, {
      organisationId: organisation.id,
      at,
      retentionDays: organisation.retentionDays,
    })
    await purgeOrientations(db, organisation.id, at, organisation.retentionDays)
    await purgeReadJournal(db, organisation.id, at, organisation.journalRetentionMonths)
  }
  return done
}

/** The next nightly run after `at`: today at 02:30 in Paris if not yet past, else tomorrow's. */
export function nextRetentionRun(at: Date): Date {
  const today = parisToday(at)
  const run = parisDateTimeToInstant(`${today}T${RETENTION_RUN_TIME}`)
  if (run.getTime() > at.getTime()) return run
  return parisDateTimeToInstant(`${addCalendarDays(today, 1)}T${RETENTION_RUN_TIME}`)
}
