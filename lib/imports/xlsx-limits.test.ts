import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES } from './messages'
import { parseImportFile } from './parse-file'
import { XLSX_MAX_ENTRIES, XLSX_MAX_INFLATED_BYTES } from './xlsx-entries'

/** `deflated`: bytes written as they are, said to be deflated (a corrupt entry when they are not). */
type Entry = { name: string; data: Buffer; stored?: boolean; declaredSize?: number; deflated?: Buffer }

/** A zip written by hand, entries in the order given: what a spreadsheet tool, or someone crafting a bomb, may send. */
function zip(entries: Entry[]): Uint8Array {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const body = e.deflated ?? (e.stored ? e.data : zlib.deflateRawSync(e.data, { level: 9 }))
    const size = e.declaredSize ?? e.data.length
    const crc = zlib.crc32(e.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(e.stored ? 0 : 8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(e.stored ? 0 : 8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

/** The entries of a workbook ExcelJS writes (it puts the worksheets before the shared strings and the workbook). */
async function workbookEntries(sheets: string[][][]): Promise<Entry[]> {
  const wb = new ExcelJS.Workbook()
  sheets.forEach((rows, i) => wb.addWorksheet(`Feuille ${i + 1}`).addRows(rows))
  const bytes = Buffer.from(await wb.xlsx.writeBuffer())
  const entries: Entry[] = []
  for (
    let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    at >= 0;
    at = bytes.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), at + 4)
  ) {
    const name = bytes.subarray(at + 46, at + 46 + bytes.readUInt16LE(at + 28)).toString()
    const local = bytes.readUInt32LE(at + 42)
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    const body = bytes.subarray(start, start + bytes.readUInt32LE(at + 20))
    entries.push({ name, data: bytes.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(body) : body })
  }
  return entries
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
/** A worksheet that inflates to `bytes`: the same empty row, over and over (it compresses a thousand to one). */
const bombSheet = (bytes: number) =>
  Buffer.concat([Buffer.from(SHEET_HEAD), Buffer.alloc(bytes, '<row/>'), Buffer.from('</sheetData></worksheet>')])

/** ExcelJS's stream reader writes its temporary files (the `tmp` package) in os.tmpdir(): here, a folder of this test's. */
let scratch = ''
const previousTmp = process.env.TMPDIR
const leftovers = () => fs.readdirSync(scratch)

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passerelle-xlsx-'))
  process.env.TMPDIR = scratch
})
afterAll(() => {
  process.env.TMPDIR = previousTmp
  fs.rmSync(scratch, { recursive: true, force: true })
})
beforeEach(() => expect(leftovers()).toEqual([]))

describe('an XLSX is read within limits, and leaves no temporary file behind', () => {
  it('a good file, two sheets written before their shared strings: the first sheet read, nothing left in the temporary folder', async () => {
    const entries = await workbookEntries([
      [
        ['Nom', 'Prénom'],
        ['Durand', 'Élodie'],
      ],
      [['Autre', 'Feuille']],
    ])
    const names = entries.map((e) => e.name)
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'))
    const result = await parseImportFile(zip(entries), 'candidats.xlsx')
    expect(result).toMatchObject({
      ok: true,
      table: { headers: ['Nom', 'Prénom'], rows: [{ line: 2, cells: ['Durand', 'Élodie'] }] },
    })
    expect(leftovers()).toEqual([])
  })

  it('a bomb — a worksheet that inflates past the limit — is refused in French, nothing inflated kept', async () => {
    const entries = await workbookEntries([[['Nom', 'Prénom']]])
    const bomb = entries.map((e) =>
      e.name === 'xl/worksheets/sheet1.xml' ? { ...e, data: bombSheet(XLSX_MAX_INFLATED_BYTES + 1024) } : e,
    )
    const bytes = zip(bomb)
    expect(bytes.length).toBeLessThan(1024 * 1024)
    expect(await parseImportFile(bytes, 'bombe.xlsx')).toEqual({ ok: false, error: IMPORT_MESSAGES.xlsxTooLarge })
    expect(leftovers()).toEqual([])
  })

  it('a bomb that lies about its size in the zip’s directory is refused all the same, by the bytes it inflates to', async () => {
    const entries = await workbookEntries([[['Nom', 'Prénom']]])
    const liar = entries.map((e) =>
      e.name === 'xl/worksheets/sheet1.xml'
        ? { ...e, data: bombSheet(XLSX_MAX_INFLATED_BYTES + 1024), declaredSize: 2048 }
        : e,
    )
    expect(await parseImportFile(zip(liar), 'menteur.xlsx')).toEqual({ ok: false, error: IMPORT_MESSAGES.xlsxTooLarge })
    expect(leftovers()).toEqual([])
  })

  it('a zip of too many entries is refused before any is inflated', async () => {
    const entries = await workbookEntries([[['Nom', 'Prénom']]])
    const many = [
      ...entries,
      ...Array.from({ length: XLSX_MAX_ENTRIES }, (_, i) => ({
        name: `xl/media/x${i}.txt`,
        data: Buffer.from('x'),
        stored: true,
      })),
    ]
    expect(await parseImportFile(zip(many), 'nombreux.xlsx')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.xlsxTooLarge,
    })
    expect(leftovers()).toEqual([])
  })

  it('a bad file — a worksheet that does not inflate, or a zip cut short — is refused as unreadable, nothing left behind', async () => {
    const entries = await workbookEntries([
      [
        ['Nom', 'Prénom'],
        ['A', 'B'],
      ],
      [['C']],
    ])
    const garbled = entries.map((e) =>
      e.name.startsWith('xl/worksheets/') ? { ...e, deflated: Buffer.from([0xff, 0xff, 0xff, 0x00, 0x12, 0x34]) } : e,
    )
    expect(await parseImportFile(zip(garbled), 'cassé.xlsx')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.unreadableXlsx,
    })
    // Relations and shared strings that are not what they should be: still no temporary file.
    const odd = entries.map((e) =>
      e.name === 'xl/_rels/workbook.xml.rels' || e.name === 'xl/sharedStrings.xml'
        ? { ...e, data: Buffer.from('pas du XML') }
        : e,
    )
    expect(await parseImportFile(zip(odd), 'bizarre.xlsx')).toMatchObject({ ok: false })
    expect(leftovers()).toEqual([])
    const blank = entries.map((e) => (e.name === 'xl/_rels/workbook.xml.rels' ? { ...e, data: Buffer.from(' ') } : e))
    expect(await parseImportFile(zip(blank), 'vide.xlsx')).toMatchObject({ ok: true })
    expect(leftovers()).toEqual([])
    const whole = zip(entries)
    expect(await parseImportFile(whole.subarray(0, Math.floor(whole.length / 2)), 'coupé.xlsx')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.unreadableXlsx,
    })
    expect(leftovers()).toEqual([])
  })
})
