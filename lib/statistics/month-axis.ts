/**
 * The one month axis of every monthly chart of /v2/statistics: every month of the filtered period is a
 * slot, in the same order on every chart; the labelled months are the same on every chart: the first month of the
 * period, then every `step` months, so that the labels fit the narrowest chart (a phone) without overlapping.
 */
const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.']

/** A month's label, short: 'nov.' (the year goes on a second line, see `monthTickLines`). */
export const shortMonth = (month: string): string => MONTHS[Number(month.slice(5, 7)) - 1] ?? month

/** The months to label: at most `maxLabels`, evenly spaced, starting at the period's first month. */
export function monthTicks(months: string[], maxLabels: number): string[] {
  const step = Math.max(1, Math.ceil(months.length / Math.max(1, maxLabels)))
  return months.filter((_, i) => i % step === 0)
}

/** A labelled month's lines: the month, and its year under it on the first label and on each January. */
export function monthTickLines(month: string, ticks: string[]): [string] | [string, string] {
  const first = ticks[0] === month
  return first || month.endsWith('-01') ? [shortMonth(month), month.slice(0, 4)] : [shortMonth(month)]
}
