import { addMonths, parisInstant, parisToday } from '@/lib/dates'
import { isUuid } from '@/lib/ids'

/**
 * The statistics' filters, kept in the URL: a period of whole months (presets or a custom range of
 * months, Paris time), and optionally a referent, a partner structure and one of its offers.
 */
export const PERIODS = [
  { value: '12m', label: '12 derniers mois' },
  { value: '6m', label: '6 derniers mois' },
  { value: '3m', label: '3 derniers mois' },
  { value: 'year', label: 'Cette année' },
  { value: 'lastYear', label: 'L’année dernière' },
  { value: 'custom', label: 'Période personnalisée' },
] as const
export type Period = (typeof PERIODS)[number]['value']

export type StatisticsFilters = {
  period: Period
  /** First and last months, 'YYYY-MM', inclusive. */
  fromMonth: string
  toMonth: string
  referentId: string | null
  structureId: string | null
  offerId: string | null
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
/** The longest custom range: ten years of months. */
const MAX_MONTHS = 120

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null
const monthStart = (month: string) => parisInstant(`${month}-01`, 0)

/** Months from `from` to `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const list: string[] = []
  for (let m = from; m <= to && list.length <= MAX_MONTHS; m = addMonths(m, 1)) list.push(m)
  return list
}

/** The URL's filters, any bad value replaced by its default (the last 12 months, everyone). */
export function parseStatisticsFilters(
  sp: Record<string, string | string[] | undefined>,
  now: Date,
): StatisticsFilters {
  const current = parisToday(now).slice(0, 7)
  const year = current.slice(0, 4)
  const asked = one(sp.period)
  const period: Period = PERIODS.some((p) => p.value === asked) ? (asked as Period) : '12m'
  let fromMonth = addMonths(current, -11)
  let toMonth = current
  if (period === '6m') fromMonth = addMonths(current, -5)
  if (period === '3m') fromMonth = addMonths(current, -2)
  if (period === 'year') fromMonth = `${year}-01`
  if (period === 'lastYear') [fromMonth, toMonth] = [`${Number(year) - 1}-01`, `${Number(year) - 1}-12`]
  if (period === 'custom') {
    const from = one(sp.from)
    const to = one(sp.to)
    if (from && to && MONTH.test(from) && MONTH.test(to) && from <= to && monthsBetween(from, to).length <= MAX_MONTHS)
      [fromMonth, toMonth] = [from, to]
  }
  const id = (v: string | null) => (isUuid(v) ? v : null)
  const referent = one(sp.referent)
  return {
    period,
    fromMonth,
    toMonth,
    referentId: referent && referent.length <= 200 ? referent : null,
    structureId: id(one(sp.structure)),
    offerId: id(one(sp.offer)),
  }
}

/** The period as instants: from the first month's first Paris midnight to the one after the last month. */
export function periodInstants(filters: Pick<StatisticsFilters, 'fromMonth' | 'toMonth'>): { from: Date; until: Date } {
  return { from: monthStart(filters.fromMonth), until: monthStart(addMonths(filters.toMonth, 1)) }
}

const MONTH_NAMES = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.']
/** 'YYYY-MM' → 'nov. 2026'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
}
