import { NavLink } from '@/components/ui/nav-link'
import { SimpleTable } from '@/components/ui/simple-table'
import { formatDate } from '@/lib/dates'
import type { PrescriptionRow } from '@/lib/prescriptions/queries'
import { PRESCRIPTION_STATE_LABELS } from '@/lib/prescriptions/state-labels'
import { PrescriptionDocuments } from './prescription-documents'

/** The referent's prescriptions and the partners' answers: candidate (to the sheet), offer, partner, state, dates, cause, documents. */
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
  return (
    <SimpleTable
      caption={caption}
      headers={['Candidat', 'Offre', 'Partenaire', 'État', 'Prescription', ...answerHeaders, 'Documents', ...(extra ? [extra.header] : [])]}
      rows={rows.map((a) => ({
        key: a.id,
        cells: [
          <NavLink key="c" href={`/v2/candidate/${a.candidateId}/prescriptions`}>
            {a.lastName} {a.firstName}
          </NavLink>,
          <NavLink key="o" href={`/offer/social/${a.offerId}`}>
            {a.offerName}
          </NavLink>,
          a.providerName,
          PRESCRIPTION_STATE_LABELS[a.state],
          formatDate(a.prescriptionDate),
          ...(unanswered ? [] : [formatDate(a.responseDate) || '-', a.state === 'REFUSED_STRUCTURE' ? a.causeLabel : '-']),
          <PrescriptionDocuments key="d" row={a} />,
          ...(extra ? [extra.cell(a)] : []),
        ],
      }))}
    />
  )
}
