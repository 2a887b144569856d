import { addCalendarDays, parisClock, parisInstant } from '@/lib/dates'
import type { PrescriptionMails } from './prescription-mails'

/** The digests' hour, Paris time: the job's cron (lib/jobs/partner-digest.ts) and what the mails say. */
export const DIGEST_MINUTE = 8 * 60

export type DigestMode = Exclude<PrescriptionMails, 'perPrescription'>

/**
 * Which digests a run at `now` sends, and the period they settle: the Paris day. Monday to Friday the daily ones,
 * on Monday the weekly ones too; nothing on a weekend (public holidays are working days here: a partner closed that
 * day finds the digest the next morning, with the waiting days counted). One digest per user and day, whatever their
 * mode: a user who switches from daily to weekly on a Monday after the morning's digest gets no second one.
 */
export function digestPeriod(now: Date): { day: string; modes: DigestMode[] } {
  const { date, weekday } = parisClock(now)
  if (weekday > 5) return { day: date, modes: [] }
  return { day: date, modes: weekday === 1 ? ['daily', 'weekly'] : ['daily'] }
}

/**
 * For a user's first digest, what "new" counts from: the previous digest of their mode would have been sent at 8:00 on
 * the previous working day (Friday for a Monday), or a week before for a weekly one.
 */
export function previousDigestInstant(day: string, mode: DigestMode): Date {
  if (mode === 'weekly') return parisInstant(addCalendarDays(day, -7), DIGEST_MINUTE)
  const { weekday } = parisClock(parisInstant(day, 12 * 60))
  return parisInstant(addCalendarDays(day, weekday === 1 ? -3 : -1), DIGEST_MINUTE)
}
