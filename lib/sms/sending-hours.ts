import { addCalendarDays, parisClock, parisInstant, weekdayOf } from '@/lib/dates'

// The composer runs this in the browser to say when a message will leave: lib/dates.ts's Intl, no date library.

/** An organisation's SMS sending hours, Europe/Paris: [startMinute, endMinute) after midnight, on ISO weekdays (1 = Monday). */
export type SendingHours = { startMinute: number; endMinute: number; days: number[] }

/** None of the reference tools has them: 08:00–20:00, Monday to Saturday, unless the organisation changes them. */
export const DEFAULT_SENDING_HOURS: SendingHours = { startMinute: 8 * 60, endMinute: 20 * 60, days: [1, 2, 3, 4, 5, 6] }

const pad = (n: number) => String(n).padStart(2, '0')

export function isWithinSendingHours(at: Date, hours: SendingHours): boolean {
  const { minute, weekday } = parisClock(at)
  return hours.days.includes(weekday) && minute >= hours.startMinute && minute < hours.endMinute
}

/** `at` itself when it is within the sending hours, else the start of the next window. */
export function nextSendingTime(at: Date, hours: SendingHours): Date {
  if (isWithinSendingHours(at, hours) || hours.days.length === 0 || hours.startMinute >= hours.endMinute) return at
  const today = parisClock(at)
  for (let offset = 0; offset <= 7; offset++) {
    const day = addCalendarDays(today.date, offset)
    if (!hours.days.includes(weekdayOf(day))) continue
    if (offset === 0 && today.minute >= hours.startMinute) continue
    return parisInstant(day, hours.startMinute)
  }
  return at
}

/** "08:00", as the settings form shows a minute of the day. */
export const formatMinute = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`

const WEEKDAY_NAMES = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']

/** "du lundi au samedi, de 08:00 à 20:00" (or the days listed when they do not follow each other). */
export function describeSendingHours(hours: SendingHours): string {
  const days = [...hours.days].sort((a, b) => a - b)
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1)
  const dayText =
    days.length === 7
      ? 'tous les jours'
      : days.length === 1
        ? `le ${WEEKDAY_NAMES[days[0]! - 1]}`
        : consecutive
          ? `du ${WEEKDAY_NAMES[days[0]! - 1]} au ${WEEKDAY_NAMES[days[days.length - 1]! - 1]}`
          : `les ${days.map((d) => WEEKDAY_NAMES[d - 1]).join(', ')}`
  return `${dayText}, de ${formatMinute(hours.startMinute)} à ${formatMinute(hours.endMinute)}`
}
