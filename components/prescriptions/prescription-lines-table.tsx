'use client'

import Link from '@/components/ui/link'
import { DataTable, type TableColumn } from '@/components/ui/data-table'
import { PRESCRIPTION_STATE_TONES, StatusBadge } from '@/components/ui/status-badge'
import { listName } from '@/lib/person-name'
import type { StoredApplyState } from '@/lib/prescriptions/states'
import { PrescriptionDocuments } from './prescription-documents'

/**
 * One prescription as the table shows it, written on the server (prescriptions-table.tsx): dates in dd/MM/yyyy, the
 * state and the cause in words, an empty value as '–'. The browser carries no date code, and the page's RSC payload
 * carries these fields rather than every cell's element tree.
 */
export type PrescriptionLine = {
  id: string
  candidateId: string
  firstName: string
  lastName: string
  offerId: string
  offerName: string
  providerName: string
  state: StoredApplyState
  stateLabel: string
  prescribedOn: string
  answeredOn: string
  cause: string
  prescriptionDocumentId: string | null
  answerDocumentId: string | null
  hasFup: boolean
}

/** A column of the page's own: its header, and its cell for each row (rendered on the server), by row id. */
export type PrescriptionExtraColumn = { header: React.ReactNode; cells: Record<string, React.ReactNode> }

const COLUMNS: TableColumn<PrescriptionLine>[] = [
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
    cell: (a) => <StatusBadge tone={PRESCRIPTION_STATE_TONES[a.state]}>{a.stateLabel}</StatusBadge>,
  },
  { id: 'prescribedOn', header: 'Prescription', cell: (a) => a.prescribedOn },
]
const ANSWER_COLUMNS: TableColumn<PrescriptionLine>[] = [
  { id: 'answeredOn', header: 'Réponse', cell: (a) => a.answeredOn },
  { id: 'cause', header: 'Motif', cell: (a) => a.cause },
]
const DOCUMENTS: TableColumn<PrescriptionLine> = {
  id: 'documents',
  header: 'Documents',
  cell: (a) => <PrescriptionDocuments row={a} />,
}

/** The prescriptions' table from the lines the server wrote (PrescriptionsTable is how a page shows one). */
export function PrescriptionLinesTable({
  caption,
  lines,
  unanswered,
  extras,
}: {
  caption: string
  lines: PrescriptionLine[]
  unanswered?: boolean
  extras: PrescriptionExtraColumn[]
}) {
  const columns = [
    ...COLUMNS,
    ...(unanswered ? [] : ANSWER_COLUMNS),
    DOCUMENTS,
    ...extras.map((c, i) => ({ id: `extra-${i}`, header: c.header, cell: (a: PrescriptionLine) => c.cells[a.id] })),
  ]
  return <DataTable caption={caption} columns={columns} data={lines} getRowId={(a) => a.id} />
}
