import { formatDate } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import type { PrescriptionRow } from '@/lib/prescriptions/referent-lists'
import { prescriptionStateLabel } from '@/lib/prescriptions/states'
import { PrescriptionLinesTable, type PrescriptionLine } from './prescription-lines-table'

type ExtraColumn = { header: React.ReactNode; cell: (row: PrescriptionRow) => React.ReactNode }

/**
 * The referent's prescriptions and the partners' answers: candidate (to the sheet), offer, partner, state, dates, cause,
 * documents, and columns of the page's own (e.g. the date the answer came). The rows are written here, on the server,
 * and drawn by one client component from those lines: a page of 50 (the FUP list) sent its 400 cells' element trees
 * in its RSC payload, 69 kB of its 143.
 */
export function PrescriptionsTable({
  caption,
  rows,
  extra,
  unanswered,
}: {
  caption: string
  rows: PrescriptionRow[]
  extra?: ExtraColumn | ExtraColumn[]
  /** Pending prescriptions only: no answer date nor cause to show. */
  unanswered?: boolean
}) {
  const extras = (extra ? [extra].flat() : []).map((c) => ({
    header: c.header,
    cells: Object.fromEntries(rows.map((row) => [row.id, c.cell(row)])),
  }))
  return <PrescriptionLinesTable caption={caption} lines={rows.map(lineOf)} unanswered={unanswered} extras={extras} />
}

function lineOf(a: PrescriptionRow): PrescriptionLine {
  return {
    id: a.id,
    candidateId: a.candidateId,
    firstName: a.firstName,
    lastName: a.lastName,
    offerId: a.offerId,
    offerName: a.offerName,
    providerName: a.providerName,
    state: a.state,
    stateLabel: prescriptionStateLabel(a),
    prescribedOn: formatDate(a.prescriptionDate),
    answeredOn: orEmpty(formatDate(a.responseDate)),
    // '-' is the partner's refused list's word for an unknown cause (spec §3); here, an empty value like any other.
    cause: orEmpty(a.state === 'REFUSED_STRUCTURE' && a.causeLabel !== '-' ? a.causeLabel : null),
    prescriptionDocumentId: a.prescriptionDocumentId,
    answerDocumentId: a.answerDocumentId,
    hasFup: a.hasFup,
  }
}
