import { describe, expect, it } from 'vitest'
import { ALL_OFFERS, ALL_STRUCTURES, ANSWER_DELAY_HEADERS, answerDelayRows, formatDays } from './answer-delays-table'

const figures = (prescribed: number, medianDays: number | null) => ({
  prescribed,
  answered: medianDays === null ? 0 : prescribed,
  medianDays,
  p90Days: medianDays,
  within10: prescribed,
  within30: prescribed,
  expired: 0,
  integrated: 0,
})

describe('the answer delays’ table', () => {
  it('lists each structure then its offers, an offer of a structure not shown after them, the total last', () => {
    const rows = answerDelayRows({
      total: figures(10, 4.5),
      structures: [{ ...figures(6, 3), structureId: 's1', structureName: 'Mobilité' }],
      offers: [
        { ...figures(4, 2), structureId: 's2', structureName: 'Habitat', offerId: 'o2', offerName: 'Logement' },
        { ...figures(6, 3), structureId: 's1', structureName: 'Mobilité', offerId: 'o1', offerName: 'Permis' },
      ],
    })
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['Mobilité', ALL_OFFERS],
      ['Mobilité', 'Permis'],
      ['Habitat', 'Logement'],
      [ALL_STRUCTURES, '–'],
    ])
    expect(rows.every((r) => r.length === ANSWER_DELAY_HEADERS.length)).toBe(true)
    // The total: its median between two days, every share of the 10 prescriptions.
    expect(rows.at(-1)!.slice(2)).toEqual([10, 10, '4,5', '4,5', '100\u00a0%', '100\u00a0%', '0\u00a0%', '0\u00a0%'])
  })

  it('writes a missing delay and share as a dash', () => {
    expect(formatDays(null)).toBe('–')
    const [total] = answerDelayRows({ total: figures(0, null), structures: [], offers: [] })
    expect(total!.slice(2)).toEqual([0, 0, '–', '–', '–', '–', '–', '–'])
  })
})
