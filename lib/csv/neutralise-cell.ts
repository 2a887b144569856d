/**
 * CSV/XLSX injection (OWASP): a cell starting with = + - @ (or a tab / carriage return) is read as a
 * formula by spreadsheet software. Such cells are prefixed with an apostrophe in every export.
 */
export function neutraliseCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  const s = String(value)
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
}

/** One CSV line (RFC 4180 quoting, ';' separator as French Excel expects), cells neutralised. */
export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return cells
    .map((cell) => {
      const s = neutraliseCell(cell)
      return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
    })
    .join(';')
}

/** UTF-8 BOM so Excel opens accents correctly. */
export const CSV_BOM = '\uFEFF'
