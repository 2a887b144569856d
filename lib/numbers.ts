import { EMPTY_VALUE } from './format'

/**
 * French number formats, made once: `n.toLocaleString('fr-FR', …)` builds a formatter at each call (3 µs for a number,
 * 27 µs for a percentage), which a page of figures and tables pays hundreds of times per view.
 */
const NUMBER = new Intl.NumberFormat('fr-FR')
const PERCENT = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 })
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
const MEGABYTES = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** 12345 → '12 345'. */
export const formatNumber = (n: number): string => NUMBER.format(n)

/**
 * A count and its noun, as a sentence says it: (1, 'candidat') → '1 candidat', (1234, 'candidat') → '1 234 candidats',
 * (2, 'offre ouverte', 'offres ouvertes'). French puts 0 and 1 in the singular.
 */
export const formatCount = (n: number, one: string, many = `${one}s`): string =>
  `${NUMBER.format(n)} ${n > 1 ? many : one}`

/** 2.25 → '2,3'; 3 → '3': one decimal at most. */
export const formatOneDecimal = (n: number): string => ONE_DECIMAL.format(n)

/** 0.1234 → '12,3 %'; null → '–' (lib/format.ts). */
export const formatPercent = (rate: number | null): string => (rate === null ? EMPTY_VALUE : PERCENT.format(rate))

/** A file's size: '12\u00a0ko' under a megabyte (1 ko at least), else '3,4\u00a0Mo'. */
export const formatFileSize = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${NUMBER.format(Math.max(1, Math.round(bytes / 1024)))}\u00a0ko`
    : `${MEGABYTES.format(bytes / 1024 / 1024)}\u00a0Mo`
