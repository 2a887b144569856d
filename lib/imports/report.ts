import { csvFile, type CsvCell } from '@/lib/csv/csv'
import type { LineStatus, ReportLine } from './import-candidates'

export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  valid: 'Valide',
  invalid: 'Erreur',
  duplicate: 'Doublon',
  imported: 'Importée',
  duplicateImported: 'Doublon importé',
  duplicateSkipped: 'Doublon non importé',
  notImported: 'Non importée (tout ou rien)',
}

/**
 * The downloadable report: one line per data row of the file — its line number, names, status and reasons. Every
 * cell goes through csvLine (a name like "=1+1" is neutralised); the NIR is never in it, nor in any reason.
 */
export function importReportCsv(lines: ReportLine[]): string {
  const rows: CsvCell[][] = [['Ligne', 'Nom', 'Prénom', 'Statut', 'Motifs']]
  for (const l of lines)
    rows.push([l.line, l.lastName, l.firstName, LINE_STATUS_LABELS[l.status], l.reasons.join(' | ')])
  return csvFile(rows)
}
