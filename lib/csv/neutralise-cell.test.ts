import { describe, expect, it } from 'vitest'
import { csvLine, neutraliseCell } from './neutralise-cell'

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would run as formulas', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")')
    expect(neutraliseCell('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78")
    expect(neutraliseCell('-2+3')).toBe("'-2+3")
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(neutraliseCell('\t=1')).toBe("'\t=1")
  })
  it('leaves other cells alone', () => {
    expect(neutraliseCell('Élodie')).toBe('Élodie')
    expect(neutraliseCell(null)).toBe('')
    expect(neutraliseCell(12)).toBe('12')
  })
})

describe('csvLine', () => {
  it('quotes separators and quotes, and neutralises', () => {
    expect(csvLine(['a;b', 'dit "oui"', '=1+1', 'x'])).toBe('"a;b";"dit ""oui""";\'=1+1;x')
  })
})
