/**
 * Paris time (spec §9: Europe/Paris): today's date, the instant of a wall-clock time, the inputs' values. Dates and
 * times as people read them are lib/format.ts's.
 */
export const TIME_ZONE = 'Europe/Paris'

// Intl instead of a date library: this runs in the browser too, where every kilobyte counts (first load).
const PARIS_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

function parisParts(date: Date): { day: string; month: string; year: string } {
  const parts = Object.fromEntries(PARIS_DAY.formatToParts(date).map((p) => [p.type, p.value]))
  return { day: parts.day!, month: parts.month!, year: parts.year! }
}

/** Today's calendar date in Paris, as 'yyyy-MM-dd'. */
export function parisToday(now: Date): string {
  const { day, month, year } = parisParts(now)
  return `${year}-${month}-${day}`
}

const PARIS_WALL = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** The UTC offset of Paris at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function parisOffsetMs(at: number): number {
  const p = Object.fromEntries(PARIS_WALL.formatToParts(new Date(at)).map((x) => [x.type, x.value]))
  return (
    Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) -
    Math.floor(at / 1000) * 1000
  )
}

/** The instant of a Paris wall-clock time ('2026-11-25', 8 * 60 + 30), with Intl only, so that it runs in the browser too. */
export function parisInstant(date: string, minuteOfDay: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d, Math.floor(minuteOfDay / 60), minuteOfDay % 60)
  return new Date(wall - parisOffsetMs(wall - parisOffsetMs(wall)))
}

const PARIS_INPUT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant as a datetime-local input's value, in Paris time: '2026-11-25T10:30'. */
export function parisDateTimeInput(value: Date | null | undefined): string {
  if (!value) return ''
  return PARIS_INPUT.format(value).replace(' ', 'T')
}

/** 'yyyy-mm-ddThh:mm' (a datetime-local value, Paris time) → the instant. */
export function parisDateTimeToInstant(value: string): Date {
  return parisInstant(value.slice(0, 10), Number(value.slice(11, 13)) * 60 + Number(value.slice(14, 16)))
}
