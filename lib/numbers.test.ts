import { describe, expect, it } from 'vitest'
import { formatCount, formatFileSize, formatNumber, formatOneDecimal, formatPercent } from './numbers'

describe('French number formats', () => {
  it('groups thousands with a narrow no-break space and writes a decimal comma', () => {
    expect(formatNumber(1234567)).toBe('1\u202f234\u202f567')
    expect(formatNumber(12.5)).toBe('12,5')
    expect(formatNumber(0)).toBe('0')
  })
  it('writes a duration with one decimal at most', () => {
    expect(formatOneDecimal(2.25)).toBe('2,3')
    expect(formatOneDecimal(3)).toBe('3')
    expect(formatOneDecimal(1500.5)).toBe('1\u202f500,5')
  })
  it('writes a rate as a percentage with one decimal at most, and a missing one as a dash', () => {
    expect(formatPercent(0.1234)).toBe('12,3\u00a0%')
    expect(formatPercent(1)).toBe('100\u00a0%')
    expect(formatPercent(null)).toBe('–')
  })
})

describe('a count and its noun', () => {
  it('puts 0 and 1 in the singular, more in the plural, with the number grouped', () => {
    expect(formatCount(0, 'candidat')).toBe('0 candidat')
    expect(formatCount(1, 'candidat')).toBe('1 candidat')
    expect(formatCount(1234, 'candidat')).toBe('1\u202f234 candidats')
    expect(formatCount(2, 'candidat suivi', 'candidats suivis')).toBe('2 candidats suivis')
  })
})

describe('a file size', () => {
  it('writes kilobytes under a megabyte, one at least, and megabytes with one decimal above', () => {
    expect(formatFileSize(10)).toBe('1\u00a0ko')
    expect(formatFileSize(200 * 1024)).toBe('200\u00a0ko')
    expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3,4\u00a0Mo')
    expect(formatFileSize(1024 * 1024)).toBe('1,0\u00a0Mo')
  })
})
