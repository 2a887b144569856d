/**
 * A cell a spreadsheet could read as a formula (=, +, -, @, tab, carriage return first: OWASP's CSV injection list)
 * gets a leading apostrophe, so that opening the file never runs what a person typed in a field.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** A database value as an export cell: text neutralised, numbers kept as numbers, lists joined, yes/no in French. */
export function exportCell(value: unknown): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non'
  if (Array.isArray(value)) return neutraliseCell(value.map((v) => String(v)).join(', '))
  return neutraliseCell(String(value))
}
