import { CSV_BOM, CSV_EOL, csvLine, type CsvCell } from '@/lib/csv/csv'
import type { DbOrTx } from '@/lib/db/client'
import { formatDate, formatTime } from '@/lib/dates'
import type { ConsultationFilters } from './consultation-filters'
import { allConsultations, readerLabel, type ConsultationRow, type ConsultationScope } from './consultations'
import { READ_KIND_LABELS } from './kind-labels'

const HEADERS = ['Date', 'Heure', 'Utilisateur', 'Consultation', 'Candidat', 'Personnes exportées']

function cells(row: ConsultationRow): CsvCell[] {
  return [
    formatDate(row.at),
    formatTime(row.at),
    readerLabel(row.actorName, row.structureName),
    READ_KIND_LABELS[row.kind] ?? row.kind,
    row.candidateName,
    row.count,
  ]
}

/**
 * The consultations of the scope under the filters as a CSV for French spreadsheets (lib/csv/csv.ts), written as the
 * pages are read: the whole journal of a busy reader never sits in memory.
 */
export function consultationsCsv(
  db: DbOrTx,
  scope: ConsultationScope,
  filters: ConsultationFilters,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const pages = allConsultations(db, scope, filters)
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADERS) + CSV_EOL))
        return
      }
      const next = await pages.next()
      if (next.done) return controller.close()
      controller.enqueue(encoder.encode(next.value.map((r) => csvLine(cells(r)) + CSV_EOL).join('')))
    },
    async cancel() {
      await pages.return(undefined)
    },
  })
}
