import { TIME_ZONE } from './dates'

/**
 * Values as people read them, the same on every screen (issue 32 §3): dates dd/MM/yyyy and times HH:mm in
 * Europe/Paris (spec §9), phone numbers grouped by two, an empty value '–'. Intl only, no date library: this runs in
 * the browser too.
 */

/** What a table cell or a detail shows for a value that is not there. */
export const EMPTY_VALUE = '–'

/** The value, or '–' when it is empty (null, undefined, blank). */
export function orEmpty(value: string | number | null | undefined): string {
  if (value == null) return EMPTY_VALUE
  const text = String(value)
  return text.trim() === '' ? EMPTY_VALUE : text
}

/** A calendar date ('2026-03-01') is a day, not an instant: it is printed as is, never shifted by a time zone. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function instantOf(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

/** dd/MM/yyyy in Europe/Paris; '' for an empty value. */
export function formatDate(value: Date | string | null | undefined): string {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value)
    if (m) return `${m[3]}/${m[2]}/${m[1]}`
  }
  const date = instantOf(value)
  // format() rather than formatToParts(): fr-FR's 2-digit day and month already read dd/MM/yyyy, and a page of 50
  // applies formats some 150 dates (formatToParts was 2 % of the offer page's server time).
  return date ? PARIS_DATE.format(date) : ''
}

/** HH:mm in Europe/Paris (a screen, a table, a PDF's table); '' for an empty value. */
export function formatTime(value: Date | string | null | undefined): string {
  const date = instantOf(value)
  return date ? PARIS_TIME.format(date) : ''
}

/** 'dd/MM/yyyy à HH:mm' in Europe/Paris; '' for an empty value. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const date = instantOf(value)
  return date ? `${PARIS_DATE.format(date)} à ${PARIS_TIME.format(date)}` : ''
}

/**
 * '14h30': the hour inside a sentence sent to a person (an SMS, a mail, a sign-in sheet), as French prose writes it.
 * Screens and tables use formatTime.
 */
export function formatTimeInText(value: Date): string {
  return formatTime(value).replace(':', 'h')
}

/** French numbers grouped by two, as people read them: '06 12 34 56 78'. Anything else is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return ''
  const digits = value.replace(/[\s.-]/g, '')
  if (/^0\d{9}$/.test(digits)) return digits.replace(/(\d{2})(?=\d)/g, '$1 ')
  const intl = /^(?:\+|00)33(\d{9})$/.exec(digits)
  if (intl) return `+33 ${intl[1]![0]} ${intl[1]!.slice(1).replace(/(\d{2})(?=\d)/g, '$1 ')}`
  return value
}
