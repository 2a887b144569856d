import { Readable } from 'node:stream'
import { parse as parseCsv } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { decodeCsvText } from './decode-text'
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from './messages'
import { xlsxEntries } from './xlsx-entries'
import { DAY_MS } from '@/lib/dates'

/** A data row and its line number as in the file (the header is line 1; for a spreadsheet, the row number). */
export type ImportRow = { line: number; cells: string[] }
export type ImportTable = { format: 'csv' | 'xlsx'; encoding: string | null; headers: string[]; rows: ImportRow[] }
export type ParseResult = { ok: true; table: ImportTable } | { ok: false; error: string }

/** Columns beyond this are ignored: no candidate sheet has that many, and a wide bogus file must not blow up the mapping screen. */
const MAX_COLUMNS = 100

/**
 * Reads an uploaded CSV or XLSX file into its header and its data rows, every cell as text. Empty rows are skipped;
 * formulas are never evaluated (a CSV cell "=1+1" stays that text; an XLSX formula cell becomes its "=…" text).
 */
export async function parseImportFile(bytes: Uint8Array, fileName: string): Promise<ParseResult> {
  if (bytes.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty }
  if (isZip(bytes)) return parseXlsx(bytes)
  if (isOle(bytes) || /\.(xls|ods|numbers|pdf|docx?)$/i.test(fileName))
    return { ok: false, error: IMPORT_MESSAGES.unsupported }
  return parseCsvBytes(bytes)
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04
/** The old binary .xls (OLE compound file). */
const isOle = (b: Uint8Array) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0

function decode(bytes: Uint8Array): { text: string; encoding: string } | null {
  // Excel's "Texte Unicode" export: UTF-16 LE with its byte order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' }
  const decoded = decodeCsvText(bytes)
  // NUL characters mean a binary file (an image, a PDF renamed .csv…), not text.
  if (decoded.text.includes('\u0000')) return null
  return decoded
}

/** The separator of the header line: the most frequent of ; , and tab outside quotes (',' when there is none). */
export function detectDelimiter(text: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 }
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ';')
  return counts[best] > 0 ? best : ','
}

type CsvRecord = { record: string[]; raw: string; info: { lines: number } }

function parseCsvBytes(bytes: Uint8Array): ParseResult {
  const decoded = decode(bytes)
  if (!decoded) return { ok: false, error: IMPORT_MESSAGES.unsupported }
  const text = decoded.text
  if (!text.trim()) return { ok: false, error: IMPORT_MESSAGES.empty }
  let records: CsvRecord[]
  try {
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      raw: true,
      // The header, the allowed rows and one more, to know there are too many without reading the rest.
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as CsvRecord[]
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1
    return { ok: false, error: IMPORT_MESSAGES.unreadableCsv(line) }
  }
  const [header, ...data] = records
  if (!header) return { ok: false, error: IMPORT_MESSAGES.empty }
  const rows = data.map((r) => ({ line: startLine(r), cells: r.record.slice(0, MAX_COLUMNS) }))
  return finish({ format: 'csv', encoding: decoded.encoding, headers: header.record, rows })
}

/**
 * csv-parse counts lines up to the end of a record, and a quoted cell may span several; the raw text of a record also
 * starts with the empty lines skipped before it.
 */
function startLine(r: CsvRecord): number {
  const inner = r.raw.replace(/^[\r\n]+/, '').replace(/(\r\n|\n|\r)$/, '')
  return r.info.lines - (inner.match(/\r\n|\n|\r/g)?.length ?? 0)
}

function finish(table: ImportTable): ParseResult {
  const width = Math.min(
    MAX_COLUMNS,
    Math.max(table.headers.length, ...table.rows.slice(0, 50).map((r) => r.cells.length)),
  )
  const headers = Array.from({ length: width }, (_, i) => table.headers[i]?.trim() || `Colonne ${i + 1}`)
  if (table.headers.every((h) => !h.trim())) return { ok: false, error: IMPORT_MESSAGES.empty }
  if (table.rows.length === 0) return { ok: false, error: IMPORT_MESSAGES.headerOnly }
  if (table.rows.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows }
  return { ok: true, table: { ...table, headers } }
}

async function parseXlsx(bytes: Uint8Array): Promise<ParseResult> {
  // Inflated within limits, and in the order that keeps ExcelJS from writing temporary files (lib/imports/xlsx-entries.ts).
  const entries = xlsxEntries(bytes)
  if (!entries.ok)
    return {
      ok: false,
      error: entries.reason === 'tooLarge' ? IMPORT_MESSAGES.xlsxTooLarge : IMPORT_MESSAGES.unreadableXlsx,
    }
  let header: string[] | null = null
  const rows: ImportRow[] = []
  try {
    // The streaming reader: rows are read one by one and reading stops past the limit, so a huge sheet is never held whole.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(entries.zip), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    })
    sheets: for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : []
        const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]))
        if (cells.every((c) => !c.trim())) continue
        if (!header) header = cells
        else rows.push({ line: row.number, cells })
        if (rows.length > IMPORT_MAX_ROWS) break sheets
      }
      break // the first worksheet only
    }
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.unreadableXlsx }
  }
  if (!header) return { ok: false, error: IMPORT_MESSAGES.empty }
  return finish({ format: 'xlsx', encoding: null, headers: header, rows })
}

/** A spreadsheet cell as the text a person sees: dates as dd/mm/yyyy, formulas as their "=…" text (never evaluated). */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'oui' : 'non'
  if (value instanceof Date) return excelDate(value)
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((t) => t.text).join('')
  if ('text' in value && typeof value.text === 'string') return value.text
  return ''
}

/** Excel stores a day as a serial number; ExcelJS gives it as midnight UTC, give or take a rounding millisecond. */
function excelDate(date: Date): string {
  const day = new Date(Math.round(date.getTime() / DAY_MS) * DAY_MS)
  if (Number.isNaN(day.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`
}
