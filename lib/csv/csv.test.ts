import { describe, expect, it } from 'vitest'
import { csvFile, csvLine, neutraliseCell } from './csv'
import { exportCell } from '@/lib/exports/export-cell'

describe('neutraliseCell', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")')
    expect(neutraliseCell('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78")
    expect(neutraliseCell('-2+3')).toBe("'-2+3")
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(neutraliseCell('\t=1')).toBe("'\t=1")
    expect(neutraliseCell('\r=1')).toBe("'\r=1")
  })
  it('leaves other cells alone: text, numbers (a negative one is no formula), nothing', () => {
    expect(neutraliseCell('Élodie')).toBe('Élodie')
    expect(neutraliseCell('a=1')).toBe('a=1')
    expect(neutraliseCell(null)).toBe('')
    expect(neutraliseCell(undefined)).toBe('')
    expect(neutraliseCell(12)).toBe('12')
    expect(neutraliseCell(-5)).toBe('-5')
    expect(neutraliseCell(0.25)).toBe('0.25')
    expect(neutraliseCell(true)).toBe('true')
  })
  it('is the one the settings’ exports use, for CSV and XLSX alike', () => {
    expect(exportCell('=1+1')).toBe("'=1+1")
    expect(exportCell(['-a', 'b'])).toBe("'-a, b")
    expect(exportCell(-3)).toBe(-3)
    expect(exportCell(false)).toBe('Non')
    expect(exportCell(null)).toBe('')
  })
})

describe('csvLine', () => {
  it('quotes separators, quotes and line breaks, and neutralises', () => {
    expect(csvLine(['a;b', 'dit "oui"', '=1+1', 'x'])).toBe('"a;b";"dit ""oui""";\'=1+1;x')
    expect(csvLine(['deux\nlignes', 'retour\r', -5, null])).toBe('"deux\nlignes";"retour\r";-5;')
    // A neutralised cell that needs quotes too: the apostrophe is inside them.
    expect(csvLine(['=A1;B1'])).toBe('"\'=A1;B1"')
  })
})

describe('csvFile', () => {
  it('starts with the BOM and ends every line with CRLF', () => {
    expect(
      csvFile([
        ['Nom', 'N'],
        ['Durand', 3],
      ]),
    ).toBe('\uFEFFNom;N\r\nDurand;3\r\n')
    expect(csvFile([['Nom']])).toBe('\uFEFFNom\r\n')
  })
})
