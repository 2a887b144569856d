import { EMPTY_VALUE } from '@/lib/format'
import { formatOneDecimal, formatPercent } from '@/lib/numbers'

/**
 * The partners' answer delays (issue 40 §5). Every figure counts the prescriptions made in the period with a follow-up
 * sheet (a FUP row): a manual prescription is answered outside Passerelle, its date recorded by the referent, so it
 * says nothing of the partner's delay and is left out of the counts and of the shares' denominator alike.
 *
 * - `answered`: those answered (integrated or refused); their delay is the Paris calendar days from the prescription
 *   to the answer (an answer on the prescription's day is 0 days, one on the next day 1, whatever the hour or a
 *   daylight-saving change in between);
 * - `medianDays`, `p90Days`: percentile_cont of those delays (an even count gives the mean of the two middle ones);
 *   null without an answer;
 * - `within10`, `within30`: answered within 10 (30) days at most; `expired`, `integrated`: in that state now. Their
 *   shares are of `prescribed`, every prescription with a sheet of the period, the ones still waiting included.
 */
export type AnswerDelayFigures = {
  prescribed: number
  answered: number
  medianDays: number | null
  p90Days: number | null
  within10: number
  within30: number
  expired: number
  integrated: number
}
export type AnswerDelayLine = AnswerDelayFigures & { structureId: string; structureName: string }
export type OfferAnswerDelayLine = AnswerDelayLine & { offerId: string; offerName: string }

/** The lines shown at most: the structures and offers that received the most prescriptions of the period. */
export const MAX_STRUCTURES = 50
export const MAX_OFFERS = 100

export const ANSWER_DELAY_HEADERS = [
  'Structure partenaire',
  'Offre',
  'Prescriptions avec fiche de suivi',
  'Réponses',
  'Délai médian (jours)',
  '90e centile (jours)',
  'Part répondue en 10 jours ou moins',
  'Part répondue en 30 jours ou moins',
  'Part expirée sans réponse',
  'Part intégrée',
]
export const ALL_OFFERS = 'Toutes ses offres'
export const ALL_STRUCTURES = 'Toutes les structures'

/** Days with one decimal at most (a median of an even count falls between two days); '–' without an answer. */
export const formatDays = (d: number | null): string => (d === null ? EMPTY_VALUE : formatOneDecimal(d))

const share = (n: number, f: AnswerDelayFigures) => formatPercent(f.prescribed ? n / f.prescribed : null)

function cells(f: AnswerDelayFigures): (string | number)[] {
  return [
    f.prescribed,
    f.answered,
    formatDays(f.medianDays),
    formatDays(f.p90Days),
    share(f.within10, f),
    share(f.within30, f),
    share(f.expired, f),
    share(f.integrated, f),
  ]
}

/**
 * The section's table (and CSV): each structure's line then its offers', the structures by prescriptions, and the
 * organisation's total last. An offer whose structure is not among the lines shown comes after them.
 */
export function answerDelayRows(figures: {
  total: AnswerDelayFigures
  structures: AnswerDelayLine[]
  offers: OfferAnswerDelayLine[]
}): (string | number)[][] {
  const rows: (string | number)[][] = []
  const shown = new Set<string>()
  for (const s of figures.structures) {
    rows.push([s.structureName, ALL_OFFERS, ...cells(s)])
    for (const o of figures.offers.filter((o) => o.structureId === s.structureId)) {
      rows.push([s.structureName, o.offerName, ...cells(o)])
      shown.add(o.offerId)
    }
  }
  for (const o of figures.offers.filter((o) => !shown.has(o.offerId)))
    rows.push([o.structureName, o.offerName, ...cells(o)])
  rows.push([ALL_STRUCTURES, EMPTY_VALUE, ...cells(figures.total)])
  return rows
}

/** The chart's structures: the most prescribed, with an answer; the table has every line. */
export const CHART_STRUCTURES = 10

/** The chart's bars: the median and 90th percentile of the CHART_STRUCTURES most prescribed structures answered. */
export function answerDelayChartLines(structures: AnswerDelayLine[]) {
  return structures
    .filter((s) => s.answered > 0)
    .slice(0, CHART_STRUCTURES)
    .map((s) => ({ label: s.structureName, medianDays: s.medianDays, p90Days: s.p90Days }))
}
