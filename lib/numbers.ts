import { EMPTY_VALUE } from './format'

/**
 * French number formats, made once: `n.toLocaleString('fr-FR', …)` builds a formatter at each call (3 µs for a number,
 * 27 µs for a percentage), which a page of figures and tables pays hundreds of times per view (issue 16 §1).
 */
const NUMBER = new Intl.NumberFormat('fr-FR')
const PERCENT = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 })
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })

/** 12345 → '12 345'. */
export const formatNumber = (n: number): string => NUMBER.format(n)

/** 2.25 → '2,3'; 3 → '3': one decimal at most. */
export const formatOneDecimal = (n: number): string => ONE_DECIMAL.format(n)

/** 0.1234 → '12,3 %'; null → '–' (lib/format.ts). */
export const formatPercent = (rate: number | null): string => (rate === null ? EMPTY_VALUE : PERCENT.format(rate))
