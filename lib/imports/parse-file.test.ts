import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { parseImportFile, type ImportTable } from './parse-file'
import { importReportCsv } from './report'

const utf8 = (text: string) => new TextEncoder().encode(text)
/** Windows-1252 / Latin-1 bytes, written by hand: one byte per character below U+0100. */
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)))

async function table(bytes: Uint8Array, name = 'candidats.csv'): Promise<ImportTable> {
  const result = await parseImportFile(bytes, name)
  if (!result.ok) throw new Error(`expected a table, got: ${result.error}`)
  return result.table
}

describe('parseImportFile — CSV', () => {
  it('reads a Latin-1 (Windows-1252) file with its accents', async () => {
    const bytes = latin1('Nom;Prénom;Lieu de résidence\r\nLefèvre;Éloïse;Fécamp\r\n')
    expect(bytes.includes(0xe9)).toBe(true) // é as one Latin-1 byte, invalid alone in UTF-8
    const t = await table(bytes)
    expect(t.encoding).toBe('windows-1252')
    expect(t.headers).toEqual(['Nom', 'Prénom', 'Lieu de résidence'])
    expect(t.rows).toEqual([{ line: 2, cells: ['Lefèvre', 'Éloïse', 'Fécamp'] }])
  })

  it('reads UTF-8 with a byte order mark without keeping the mark in the first header', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Nom;Prénom\nDurand;Élodie\n')])
    const t = await table(bytes)
    expect(t.encoding).toBe('utf-8')
    expect(t.headers[0]).toBe('Nom')
    expect(t.rows[0]!.cells).toEqual(['Durand', 'Élodie'])
  })

  it('reads UTF-8 without a byte order mark', async () => {
    const t = await table(utf8('Nom,Prénom\nLefèvre,Chloé\n'))
    expect(t.rows[0]!.cells).toEqual(['Lefèvre', 'Chloé'])
  })

  it('detects the separator from the header line: ; , or tab', async () => {
    expect((await table(utf8('Nom;Prénom;Adresse\nA;B;1, rue X\n'))).rows[0]!.cells).toEqual(['A', 'B', '1, rue X'])
    expect((await table(utf8('Nom,Prénom,Adresse\nA,B,"1; rue X"\n'))).rows[0]!.cells).toEqual(['A', 'B', '1; rue X'])
    expect((await table(utf8('Nom\tPrénom\nA\tB\n'))).rows[0]!.cells).toEqual(['A', 'B'])
  })

  it('reads quoted fields: separators, doubled quotes and line breaks inside, with the line numbers of the file', async () => {
    const text = 'Nom;Prénom;Adresse\n"Dupont; Jr";"Anne ""Nanou""";"12 rue X\nBâtiment B"\n\nMartin;Paul;3 rue Y\n'
    const t = await table(utf8(text))
    expect(t.rows).toEqual([
      { line: 2, cells: ['Dupont; Jr', 'Anne "Nanou"', '12 rue X\nBâtiment B'] },
      // line 3 is the quoted address's second line, line 4 is empty
      { line: 5, cells: ['Martin', 'Paul', '3 rue Y'] },
    ])
  })

  it('skips rows whose cells are all empty, as Excel writes them', async () => {
    const t = await table(utf8('Nom;Prénom\n;\nA;B\n;;\n'))
    expect(t.rows).toEqual([{ line: 3, cells: ['A', 'B'] }])
  })

  it('refuses an empty file with a French message', async () => {
    const expected = 'Le fichier est vide\u00a0: il doit contenir une ligne d’en-tête puis une ligne par candidat.'
    expect(await parseImportFile(new Uint8Array(0), 'vide.csv')).toEqual({ ok: false, error: expected })
    expect(await parseImportFile(utf8(' \r\n\r\n'), 'vide.csv')).toEqual({ ok: false, error: expected })
  })

  it('refuses a file with only its header with a French message', async () => {
    expect(await parseImportFile(utf8('Nom;Prénom;Email\r\n'), 'entete.csv')).toEqual({
      ok: false,
      error: 'Le fichier ne contient que la ligne d’en-tête\u00a0: ajoutez une ligne par candidat.',
    })
  })

  it('refuses a binary file and the old .xls format', async () => {
    const pdfLike = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02])
    expect(await parseImportFile(pdfLike, 'candidats.csv')).toMatchObject({
      ok: false,
      error: expect.stringContaining('pas pris en charge'),
    })
    expect(await parseImportFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), 'candidats.xls')).toMatchObject({
      ok: false,
      error: expect.stringContaining('pas pris en charge'),
    })
  })

  it('reports the line of an unclosed quote', async () => {
    const result = await parseImportFile(utf8('Nom;Prénom\nA;B\n"C;D\nE;F\n'), 'cassé.csv')
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/mal formé à la ligne \d+/) })
  })

  it('imports a formula cell =1+1 as text, and the report neutralises it', async () => {
    const t = await table(utf8('Nom;Prénom\n=1+1;@SOMME(A1)\n'))
    expect(t.rows[0]!.cells).toEqual(['=1+1', '@SOMME(A1)'])
    const report = importReportCsv([
      { line: 2, lastName: '=1+1', firstName: '@SOMME(A1)', status: 'invalid', reasons: ['-2 raisons'] },
    ])
    const [, row] = report.replace('\uFEFF', '').split('\r\n')
    expect(row).toBe("2;'=1+1;'@SOMME(A1);Erreur;'-2 raisons")
  })
})

describe('parseImportFile — XLSX', () => {
  async function xlsx(build: (ws: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook()
    build(wb.addWorksheet('Candidats'))
    return new Uint8Array(await wb.xlsx.writeBuffer())
  }

  it('reads text, Excel dates, numbers and formulas (as their text), with the sheet row numbers', async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(['Nom', 'Prénom', 'Date de naissance', 'Téléphone', 'Enfants'])
      ws.addRow(['Durand', 'Élodie', new Date(Date.UTC(1988, 3, 12)), 612345678, 2])
      ws.getCell('C2').numFmt = 'dd/mm/yyyy'
      ws.addRow([])
      ws.addRow(['Roux', { richText: [{ text: 'Tho' }, { text: 'mas' }] }, '08/01/1990', '06 12 34 56 78', null])
      ws.getCell('A5').value = { formula: '1+1', result: 2 }
    })
    const t = await table(bytes, 'candidats.xlsx')
    expect(t.format).toBe('xlsx')
    expect(t.headers).toEqual(['Nom', 'Prénom', 'Date de naissance', 'Téléphone', 'Enfants'])
    expect(t.rows).toEqual([
      { line: 2, cells: ['Durand', 'Élodie', '12/04/1988', '612345678', '2'] },
      { line: 4, cells: ['Roux', 'Thomas', '08/01/1990', '06 12 34 56 78'] },
      { line: 5, cells: ['=1+1'] },
    ])
  })

  it('refuses a sheet with only its header, and a broken zip', async () => {
    const headerOnly = await xlsx((ws) => ws.addRow(['Nom', 'Prénom']))
    expect(await parseImportFile(headerOnly, 'entete.xlsx')).toMatchObject({
      ok: false,
      error: expect.stringContaining('que la ligne d’en-tête'),
    })
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])
    expect(await parseImportFile(broken, 'cassé.xlsx')).toMatchObject({
      ok: false,
      error: expect.stringContaining('n’a pas pu être lu'),
    })
  })
})
