/**
 * A calendar date's syntax, 'yyyy-MM-dd', with no clock and no time zone: the forms' schemas and the pages' URL
 * parameters check their dates with it in the browser as on the server, without lib/dates.ts's Paris formatters.
 */

/** 'yyyy-MM-dd' naming a day that exists (no 31 April, no 29 February outside leap years). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}
