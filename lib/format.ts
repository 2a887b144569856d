/**
 * Values as people read them, the same on every screen: an empty value is '–'. Dates and times are lib/dates.ts's,
 * phone numbers lib/phone.ts's, numbers lib/numbers.ts's.
 */

/** What a table cell or a detail shows for a value that is not there. */
export const EMPTY_VALUE = '–'

/** The value, or '–' when it is empty (null, undefined, blank). */
export function orEmpty(value: string | number | null | undefined): string {
  if (value == null) return EMPTY_VALUE
  const text = String(value)
  return text.trim() === '' ? EMPTY_VALUE : text
}
