import { neutraliseCell } from '@/lib/csv/csv'

/** A database value as an export cell (CSV or XLSX): text neutralised, numbers kept as numbers, lists joined, yes/no in French. */
export function exportCell(value: unknown): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non'
  if (Array.isArray(value)) return neutraliseCell(value.map((v) => String(v)).join(', '))
  return neutraliseCell(String(value))
}
