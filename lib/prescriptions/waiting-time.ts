import { addCalendarDays, calendarDaysBetween, parisInstant } from '@/lib/dates'
import { formatNumber } from '@/lib/numbers'

/**
 * How long a prescription has waited for the partner's answer, the same on both sides (the partner's pending tab, the
 * referent's sheet and actions dashboard): whole Paris calendar days from the day it was made to today. Calendar days,
 * not 24-hour periods (elapsedDaysBetween): a prescription made on Monday evening has waited one day on Tuesday
 * morning, and the day a clock change lasts 23 or 25 hours still counts as one. No database here: the browser reads it.
 */

/** Days waited by a prescription made at `prescribedAt` (a Date, or its ISO text from JSON) on the Paris day `today`. */
export function waitingDays(prescribedAt: Date | string, today: string): number {
  // A date in the future (a clock set back) has not waited at all.
  return Math.max(0, calendarDaysBetween(new Date(prescribedAt), today))
}

/** "En attente depuis aujourd’hui", "… depuis 1 jour", "… depuis 12 jours". */
export function waitingSentence(prescribedAt: Date | string, today: string): string {
  const days = waitingDays(prescribedAt, today)
  if (days === 0) return 'En attente depuis aujourd’hui'
  return `En attente depuis ${formatNumber(days)}\u00a0jour${days > 1 ? 's' : ''}`
}

/**
 * "Sans réponse depuis plus de N jours": the instant before which a prescription has waited more than `days` days on
 * the Paris day `today` (midnight in Paris, `days` calendar days ago). A prescription made at or after it has waited
 * `days` days or fewer.
 */
export function waitedMoreThanCutoff(today: string, days: number): Date {
  return parisInstant(addCalendarDays(today, -days), 0)
}
