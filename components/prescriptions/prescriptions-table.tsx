import { formatDate } from '@/lib/dates'
import type { PrescriptionRow } from '@/lib/prescriptions/queries'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/state-labels'
import { PrescriptionsRows, type PrescriptionLine } from './prescriptions-rows'

/**
 * The referent's prescriptions and the partners' answers: candidate (to the sheet), offer, partner, state, dates, cause,
 * documents. The rows go to the client table as compact lines (prescriptions-rows.tsx); `extra`'s cell, one small
 * element or text per row, is rendered here.
 */
export function PrescriptionsTable({
  caption,
  rows,
  extra,
  unanswered,
}: {
  caption: string
  rows: PrescriptionRow[]
  extra?: { header: string; cell: (row: PrescriptionRow) => React.ReactNode }
  /** Pending prescriptions only: no answer date nor cause to show. */
  unanswered?: boolean
}) {
  const answerHeaders = unanswered ? [] : ['Réponse', 'Motif']
  const lines = rows.map(
    (a): PrescriptionLine => [
      a.id,
      a.candidateId,
      a.firstName,
      a.lastName,
      a.offerId,
      a.offerName,
      a.providerName,
      PRESCRIPTION_STATE_LABELS[a.state],
      formatDate(a.prescriptionDate),
      formatDate(a.responseDate) || '-',
      a.state === 'REFUSED_STRUCTURE' ? (a.causeLabel ?? '-') : '-',
      a.prescriptionDocumentId,
      a.answerDocumentId,
      a.hasFup,
    ],
  )
  return (
    <PrescriptionsRows
      caption={caption}
      headers={['Candidat', 'Offre', 'Partenaire', 'État', 'Prescription', ...answerHeaders, 'Documents', ...(extra ? [extra.header] : [])]}
      lines={lines}
      unanswered={unanswered}
      extra={extra ? rows.map((a) => extra.cell(a)) : undefined}
    />
  )
}
