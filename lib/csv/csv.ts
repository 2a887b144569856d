/**
 * The one CSV writer of Passerelle (the candidates' export, the import report, the settings' exports, the statistics'
 * tables downloaded in the browser): `;`-separated as French Excel expects, RFC 4180 quoting, UTF-8 with a BOM,
 * lines ended by CRLF. Pure, so the browser uses it too.
 */

export type CsvCell = string | number | boolean | null | undefined

/**
 * CSV/XLSX injection (OWASP): text starting with = + - @ (or a tab / carriage return) is read as a formula by
 * spreadsheet software, so it gets a leading apostrophe and opening the file never runs what a person typed in a
 * field. A number is written as it is (-5 is not a formula); nothing (null, undefined) is an empty cell.
 */
export function neutraliseCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  const s = String(value)
  if (typeof value === 'number') return s
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
}

/** One CSV line (RFC 4180 quoting, ';' separator as French Excel expects), cells neutralised; without its line end. */
export function csvLine(cells: CsvCell[]): string {
  return cells
    .map((cell) => {
      const s = neutraliseCell(cell)
      return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
    })
    .join(';')
}

/** The end of every line. */
export const CSV_EOL = '\r\n'

/** UTF-8 BOM so Excel opens accents correctly. */
export const CSV_BOM = '\uFEFF'

/** A whole CSV file: the BOM, then every line ended by CRLF. */
export function csvFile(rows: CsvCell[][]): string {
  return CSV_BOM + rows.map((row) => csvLine(row) + CSV_EOL).join('')
}
