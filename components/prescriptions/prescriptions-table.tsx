import Link from '@/components/ui/link'
import { DataTable, type TableColumn } from '@/components/ui/data-table'
import { PRESCRIPTION_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { formatDate } from '@/lib/dates'
import { orEmpty } from '@/lib/format'
import type { PrescriptionRow } from '@/lib/prescriptions/referent-lists'
import { prescriptionStateLabel } from '@/lib/prescriptions/states'
import { PrescriptionDocuments } from './prescription-documents'
import { listName } from '@/lib/person-name'

const COLUMNS: TableColumn<PrescriptionRow>[] = [
  {
    id: 'candidate',
    header: 'Candidat',
    cell: (a) => <Link href={`/v2/candidate/${a.candidateId}/prescriptions`}>{listName(a)}</Link>,
  },
  { id: 'offer', header: 'Offre', cell: (a) => <Link href={`/offer/social/${a.offerId}`}>{a.offerName}</Link> },
  { id: 'partner', header: 'Partenaire', cell: (a) => a.providerName },
  {
    id: 'state',
    header: 'État',
    cell: (a) => <StatusBadge tone={PRESCRIPTION_STATE_TONES[a.state]}>{prescriptionStateLabel(a)}</StatusBadge>,
  },
  { id: 'prescribedOn', header: 'Prescription', cell: (a) => formatDate(a.prescriptionDate) },
]
const ANSWER_COLUMNS: TableColumn<PrescriptionRow>[] = [
  { id: 'answeredOn', header: 'Réponse', cell: (a) => orEmpty(formatDate(a.responseDate)) },
  // '-' is the partner's refused list's word for an unknown cause (spec §3); here, an empty value like any other.
  {
    id: 'cause',
    header: 'Motif',
    cell: (a) => orEmpty(a.state === 'REFUSED_STRUCTURE' && a.causeLabel !== '-' ? a.causeLabel : null),
  },
]
const DOCUMENTS: TableColumn<PrescriptionRow> = {
  id: 'documents',
  header: 'Documents',
  cell: (a) => <PrescriptionDocuments row={a} />,
}

type ExtraColumn = { header: React.ReactNode; cell: (row: PrescriptionRow) => React.ReactNode }

/**
 * The referent's prescriptions and the partners' answers: candidate (to the sheet), offer, partner, state, dates, cause,
 * documents, and columns of the page's own (e.g. the date the answer came).
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
  const columns = [
    ...COLUMNS,
    ...(unanswered ? [] : ANSWER_COLUMNS),
    DOCUMENTS,
    ...(extra ? [extra].flat() : []).map((c, i) => ({ id: `extra-${i}`, header: c.header, cell: c.cell })),
  ]
  return <DataTable caption={caption} columns={columns} data={rows} getRowId={(a) => a.id} />
}
